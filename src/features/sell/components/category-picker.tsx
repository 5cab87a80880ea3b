import { useId } from 'react';
import styled from 'styled-components';
import type { CatalogueItem } from '../../../domain/catalogue';
import { formatCount } from '../../../domain/money';
import { GUN_CLASSES, SELL_CATEGORIES, SELL_CATEGORY_LABELS, WEAPON_KINDS, sellItems, type SellCategory, type WeaponKind } from '../../../domain/sell-catalogue';
import type { SellForm } from '../lib/sell-form';
import { ChipGrid, ChoiceChip, StepTitle, SubLabel, TextInput } from './choice-chip';

const KIND_LABELS: Record<WeaponKind, string> = { guns: 'Guns', melees: 'Melees', ammo: 'Ammo' };

export interface CategoryPickerProps {
  form: SellForm;
  onChange: (patch: Partial<SellForm>) => void;
}

/** Category, then sub-choice, then item: Cash takes an amount, Other a typed name. */
export function CategoryPicker({ form, onChange }: CategoryPickerProps) {
  const cashId = useId();
  const otherId = useId();
  const pickCategory = (category: SellCategory) =>
    onChange({ category, weaponKind: null, gunClass: null, item: null, cashAmount: '', otherName: '' });

  const items: CatalogueItem[] =
    form.category === 'weapons'
      ? form.weaponKind === 'guns'
        ? form.gunClass
          ? sellItems('weapons', 'guns', form.gunClass)
          : []
        : form.weaponKind
          ? sellItems('weapons', form.weaponKind)
          : []
      : form.category === 'consumables' || form.category === 'farming'
        ? sellItems(form.category)
        : [];

  return (
    <section aria-labelledby={`${cashId}-title`}>
      <StepTitle id={`${cashId}-title`} data-step="1">
        Choose a category
      </StepTitle>
      <ChipGrid role="group" aria-label="Category" $min="9rem">
        {SELL_CATEGORIES.map((category) => (
          <ChoiceChip key={category} type="button" aria-pressed={form.category === category} onClick={() => pickCategory(category)}>
            {SELL_CATEGORY_LABELS[category]}
          </ChoiceChip>
        ))}
      </ChipGrid>

      {form.category === 'weapons' && (
        <>
          <SubLabel>Type of weapon</SubLabel>
          <ChipGrid role="group" aria-label="Type of weapon" $min="6rem">
            {WEAPON_KINDS.map((kind) => (
              <ChoiceChip key={kind} type="button" aria-pressed={form.weaponKind === kind} onClick={() => onChange({ weaponKind: kind, gunClass: null, item: null })}>
                {KIND_LABELS[kind]}
              </ChoiceChip>
            ))}
          </ChipGrid>
          {form.weaponKind === 'guns' && (
            <>
              <SubLabel>Kind of gun</SubLabel>
              <ChipGrid role="group" aria-label="Kind of gun" $min="8.5rem">
                {GUN_CLASSES.map((gunClass) => (
                  <ChoiceChip key={gunClass} type="button" aria-pressed={form.gunClass === gunClass} onClick={() => onChange({ gunClass, item: null })}>
                    {gunClass[0].toUpperCase() + gunClass.slice(1)}
                  </ChoiceChip>
                ))}
              </ChipGrid>
            </>
          )}
        </>
      )}

      {items.length > 0 && (
        <>
          <SubLabel>Item</SubLabel>
          <ChipGrid role="group" aria-label="Item" $min="8rem">
            {items.map((item) => (
              <ChoiceChip key={item.id} type="button" aria-pressed={form.item?.id === item.id} onClick={() => onChange({ item })}>
                {item.name}
              </ChoiceChip>
            ))}
          </ChipGrid>
        </>
      )}

      {form.category === 'cash' && (
        <Field>
          <label htmlFor={cashId}>Amount of Blockspin</label>
          <TextInput
            id={cashId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 50,000"
            value={form.cashAmount === '' ? '' : formatCount(Number(form.cashAmount))}
            onChange={(event) => onChange({ cashAmount: event.target.value.replace(/[^0-9]/g, '').replace(/^0+(?=\d)/, '').slice(0, 12) })}
          />
        </Field>
      )}

      {form.category === 'other' && (
        <Field>
          <label htmlFor={otherId}>Item name</label>
          <TextInput id={otherId} type="text" maxLength={200} placeholder="Type the item's name" value={form.otherName} onChange={(event) => onChange({ otherName: event.target.value })} />
        </Field>
      )}
    </section>
  );
}

const Field = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label { font-weight: 600; }
`;
