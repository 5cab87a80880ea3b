import { useId, useState } from 'react';
import { ValueCard } from '@/components/value-card/value-card';
import { LoadError } from '@/components/load-error';
import styled from 'styled-components';
import type { CatalogueItem } from '@/domain/catalogue';
import { ITEM_NAME_MAX_LENGTH, itemNameLength } from '@/domain/item-name';
import { formatCount, readWholeAmountEntry } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';
import {
  GUN_CLASS_LABELS,
  GUN_CLASSES,
  SELL_CATEGORIES,
  SELL_CATEGORY_LABELS,
  WEAPON_KINDS,
  sellItems,
  type SellCategory,
  type WeaponKind,
} from '@/domain/sell-catalogue';
import { cashProblem, type SellForm } from '../lib/sell-form';
import { sellProblemText } from '../lib/sell-texts';
import { ChipGrid, ChoiceChip, StepTitle, SubLabel, TextInput } from './choice-chip';

export const CASH_WHOLE_TEXT = 'Please enter whole Blockspin only, without a decimal point';

const KIND_LABELS: Record<WeaponKind, string> = { guns: 'Guns', melees: 'Melees', ammo: 'Ammo' };

/** The chosen item's value card, on demand (issue 49): its price history, what it sold for, what the store pays. */
function ItemValue({ item }: { item: CatalogueItem }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ValueToggle type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? _('Hide price history') : _('Price history & value of {name}', { name: item.name })}
      </ValueToggle>
      {open && <ValueCard itemId={item.id} unit={item.unit} />}
    </>
  );
}

const ValueToggle = styled.button`
  min-height: 44px;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.info};
  font-weight: 700;
  text-align: left;
`;

export interface CategoryPickerProps {
  form: SellForm;
  /** The catalogue's items a player can sell now (the server's, issue 49). */
  catalogue: readonly CatalogueItem[];
  /** The catalogue could not be loaded and no copy is saved: the item lists say so, with Retry. */
  catalogueFailed?: boolean;
  onRetryCatalogue?: () => void;
  onChange: (patch: Partial<SellForm>) => void;
}

/** Category, then sub-choice, then item: Cash takes an amount, Other a typed name. */
export function CategoryPicker({ form, catalogue, catalogueFailed = false, onRetryCatalogue, onChange }: CategoryPickerProps) {
  const { _ } = useLingui();
  const cashId = useId();
  const otherId = useId();
  const cashEntry = readWholeAmountEntry(form.cashAmount);
  const cashFraction = cashEntry.kind === 'fraction';
  const cashOutOfRange = cashFraction ? null : cashProblem(form);
  const nameLength = itemNameLength(form.otherName);
  const nameTooLong = nameLength > ITEM_NAME_MAX_LENGTH;
  const pickCategory = (category: SellCategory) =>
    onChange({ category, weaponKind: null, gunClass: null, item: null, cashAmount: '', otherName: '' });

  const items: CatalogueItem[] =
    form.category === 'weapons'
      ? form.weaponKind === 'guns'
        ? form.gunClass
          ? sellItems(catalogue, 'weapons', 'guns', form.gunClass)
          : []
        : form.weaponKind
          ? sellItems(catalogue, 'weapons', form.weaponKind)
          : []
      : form.category === 'consumables' || form.category === 'farming'
        ? sellItems(catalogue, form.category)
        : [];

  return (
    <section aria-labelledby={`${cashId}-title`}>
      <StepTitle id={`${cashId}-title`} data-step="1">
        {_('Choose a category')}
      </StepTitle>
      <ChipGrid role="group" aria-label={_('Category')} $min="9rem">
        {SELL_CATEGORIES.map((category) => (
          <ChoiceChip key={category} type="button" aria-pressed={form.category === category} onClick={() => pickCategory(category)}>
            {_(SELL_CATEGORY_LABELS[category])}
          </ChoiceChip>
        ))}
      </ChipGrid>

      {form.category === 'weapons' && (
        <>
          <SubLabel>{_('Type of weapon')}</SubLabel>
          <ChipGrid role="group" aria-label={_('Type of weapon')} $min="6rem">
            {WEAPON_KINDS.map((kind) => (
              <ChoiceChip
                key={kind}
                type="button"
                aria-pressed={form.weaponKind === kind}
                onClick={() => onChange({ weaponKind: kind, gunClass: null, item: null })}
              >
                {_(KIND_LABELS[kind])}
              </ChoiceChip>
            ))}
          </ChipGrid>
          {form.weaponKind === 'guns' && (
            <>
              <SubLabel>{_('Kind of gun')}</SubLabel>
              <ChipGrid role="group" aria-label={_('Kind of gun')} $min="8.5rem">
                {GUN_CLASSES.map((gunClass) => (
                  <ChoiceChip
                    key={gunClass}
                    type="button"
                    aria-pressed={form.gunClass === gunClass}
                    onClick={() => onChange({ gunClass, item: null })}
                  >
                    {_(GUN_CLASS_LABELS[gunClass])}
                  </ChoiceChip>
                ))}
              </ChipGrid>
            </>
          )}
        </>
      )}

      {catalogueFailed && (form.category === 'weapons' || form.category === 'consumables' || form.category === 'farming') && (
        <LoadError title={_("The item list couldn't be loaded")} onRetry={() => onRetryCatalogue?.()} />
      )}

      {items.length > 0 && (
        <>
          <SubLabel>{_('Item')}</SubLabel>
          <ChipGrid role="group" aria-label={_('Item')} $min="8rem">
            {items.map((item) => (
              <ChoiceChip key={item.id} type="button" aria-pressed={form.item?.id === item.id} onClick={() => onChange({ item })}>
                {item.name}
              </ChoiceChip>
            ))}
          </ChipGrid>
          {form.item && items.some((item) => item.id === form.item?.id) && <ItemValue item={form.item} />}
        </>
      )}

      {form.category === 'cash' && (
        <Field>
          <label htmlFor={cashId}>{_('Amount of Blockspin')}</label>
          <TextInput
            id={cashId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            // The field groups digits with commas whatever the language: a point is read as a decimal point.
            placeholder={_('e.g. {example}', { example: formatCount(50_000) })}
            // A decimal point stays on screen as typed, with its message; dropping it would turn 500.5 into 5,005.
            value={cashFraction ? form.cashAmount : cashEntry.kind === 'amount' ? formatCount(cashEntry.amount) : ''}
            aria-invalid={cashFraction || cashOutOfRange !== null}
            aria-describedby={cashFraction || cashOutOfRange ? `${cashId}-error` : undefined}
            onChange={(event) => {
              const typed = event.target.value.replace(/[^0-9.]/g, '');
              if (typed.replace(/[^0-9]/g, '').length > 12) return;
              const entry = readWholeAmountEntry(typed);
              onChange({ cashAmount: entry.kind === 'amount' ? String(entry.amount) : entry.kind === 'fraction' ? typed : '' });
            }}
          />
          {(cashFraction || cashOutOfRange) && (
            <NameError id={`${cashId}-error`} role="alert">
              {cashFraction ? _(CASH_WHOLE_TEXT) : cashOutOfRange && sellProblemText(cashOutOfRange)}
            </NameError>
          )}
        </Field>
      )}

      {form.category === 'other' && (
        <Field>
          <label htmlFor={otherId}>{_('Item name')}</label>
          {/* No hard maxLength: a pasted name would be cut without a word; it is kept and the counter says what to trim. */}
          <TextInput
            id={otherId}
            type="text"
            placeholder={_("Type the item's name")}
            value={form.otherName}
            aria-invalid={nameTooLong}
            aria-describedby={nameTooLong ? `${otherId}-error ${otherId}-count` : `${otherId}-count`}
            onChange={(event) => onChange({ otherName: event.target.value })}
          />
          <NameFooter>
            {nameTooLong ? (
              <NameError id={`${otherId}-error`} role="alert">
                {_('The item name must be at most {max} characters', { max: ITEM_NAME_MAX_LENGTH })}
              </NameError>
            ) : (
              <span />
            )}
            <Counter id={`${otherId}-count`} data-over={nameTooLong || undefined}>
              {`${nameLength}/${ITEM_NAME_MAX_LENGTH}`} <span className="visually-hidden">{_('characters')}</span>
            </Counter>
          </NameFooter>
        </Field>
      )}
    </section>
  );
}

const Field = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
  }
`;

const NameFooter = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.85rem;
`;

const NameError = styled.span`
  min-width: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.dangerText};
`;

const Counter = styled.span`
  flex: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  &[data-over] {
    color: ${({ theme }) => theme.color.dangerText};
    font-weight: 700;
  }
`;
