import { CATALOGUE_CATEGORIES, GUN_CLASSES, type CatalogueCategory } from '@/domain/schemas/catalogue';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { asksGunClass, type ItemDraft } from '../lib/item-draft';
import { Label, Pair } from './item-form-parts';

export interface ItemFieldsProps {
  /** The form's id, which the fields' own ids start with. */
  id: string;
  draft: ItemDraft;
  set: (patch: Partial<ItemDraft>) => void;
}

/**
 * Category (set once, when the item is added), subcategory (with those its category has as suggestions), and a new
 * gun's kind.
 */
export function ItemKindFields({ id, draft, set, isNew, items }: ItemFieldsProps & { isNew: boolean; items: readonly ShopItem[] }) {
  const { _ } = useLingui();
  const subcategories = [...new Set(items.filter((entry) => entry.category === draft.category).map((entry) => entry.subcategory))];
  return (
    <>
      <Pair>
        <Label>
          {_('Category')}
          <select
            value={draft.category}
            disabled={!isNew}
            onChange={(event) => set({ category: event.target.value as CatalogueCategory, subcategory: '' })}
          >
            {CATALOGUE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {_(category)}
              </option>
            ))}
          </select>
        </Label>
        <Label>
          {_('Subcategory')}
          <input
            list={`${id}-subcategories`}
            value={draft.subcategory}
            maxLength={60}
            onChange={(event) => set({ subcategory: event.target.value })}
          />
          <datalist id={`${id}-subcategories`}>
            {subcategories.map((sub) => (
              <option key={sub} value={sub} />
            ))}
          </datalist>
        </Label>
      </Pair>
      {isNew && asksGunClass(draft) && (
        <Label>
          {_('Kind of gun')}
          <select value={draft.gunClass} onChange={(event) => set({ gunClass: event.target.value })}>
            <option value="">{_('Choose…')}</option>
            {GUN_CLASSES.map((gunClass) => (
              <option key={gunClass}>{gunClass}</option>
            ))}
          </select>
        </Label>
      )}
    </>
  );
}
