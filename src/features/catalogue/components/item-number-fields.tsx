import type { CatalogueStatus } from '@/domain/schemas/catalogue';
import { useLingui } from '@/lib/i18n/react';
import type { ItemFieldsProps } from './item-kind-fields';
import { Label, Pair } from './item-form-parts';
import { StatusOptions } from './status-options';

/** Price, sell price, stock (each empty for none) and status, two by two. */
export function ItemNumberFields({ draft, set }: Omit<ItemFieldsProps, 'id'>) {
  const { _ } = useLingui();
  return (
    <>
      <Pair>
        <Label>
          {_('Price (USD)')}
          <input
            inputMode="decimal"
            placeholder={_('Not sold')}
            value={draft.price}
            onChange={(event) => set({ price: event.target.value })}
          />
        </Label>
        <Label>
          {_('Sell price (USD)')}
          <input
            inputMode="decimal"
            placeholder={_('Not valued')}
            value={draft.sellPrice}
            onChange={(event) => set({ sellPrice: event.target.value })}
          />
        </Label>
      </Pair>
      <Pair>
        <Label>
          {_('Stock')}
          <input
            inputMode="numeric"
            placeholder={_('Unlimited')}
            value={draft.stock}
            onChange={(event) => set({ stock: event.target.value })}
          />
        </Label>
        <Label>
          {_('Status')}
          <select value={draft.status} onChange={(event) => set({ status: event.target.value as CatalogueStatus })}>
            <StatusOptions />
          </select>
        </Label>
      </Pair>
    </>
  );
}
