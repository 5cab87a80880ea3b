import { useId } from 'react';
import { LoadError } from '@/components/load-error';
import type { CatalogueItem } from '@/domain/catalogue';
import { useLingui } from '@/lib/i18n/react';
import { SELL_CATEGORIES, SELL_CATEGORY_LABELS, type SellCategory } from '@/domain/sell-catalogue';
import { itemChoices, type SellForm } from '../lib/sell-form';
import { CashAmountField } from './cash-amount-field';
import { ChipGrid, ChoiceChip, StepTitle, SubLabel } from './choice-chip';
import { ItemValue } from './item-value';
import { OtherNameField } from './other-name-field';
import { WeaponChoices } from './weapon-choices';

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
  const titleId = `${useId()}-title`;
  const pickCategory = (category: SellCategory) =>
    onChange({ category, weaponKind: null, gunClass: null, item: null, cashAmount: '', otherName: '' });
  const items = itemChoices(form, catalogue);
  const listsItems = form.category === 'weapons' || form.category === 'consumables' || form.category === 'farming';

  return (
    <section aria-labelledby={titleId}>
      <StepTitle id={titleId} data-step="1">
        {_('Choose a category')}
      </StepTitle>
      <ChipGrid role="group" aria-label={_('Category')} $min="9rem">
        {SELL_CATEGORIES.map((category) => (
          <ChoiceChip key={category} type="button" aria-pressed={form.category === category} onClick={() => pickCategory(category)}>
            {_(SELL_CATEGORY_LABELS[category])}
          </ChoiceChip>
        ))}
      </ChipGrid>

      {form.category === 'weapons' && <WeaponChoices form={form} onChange={onChange} />}

      {catalogueFailed && listsItems && <LoadError title={_("The item list couldn't be loaded")} onRetry={() => onRetryCatalogue?.()} />}

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

      {form.category === 'cash' && <CashAmountField form={form} onChange={onChange} />}

      {form.category === 'other' && <OtherNameField name={form.otherName} onChange={(otherName) => onChange({ otherName })} />}
    </section>
  );
}
