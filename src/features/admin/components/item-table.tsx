import type { PurchaseItem } from '@/domain/schemas/purchases';
import { displayCount, displayUsd } from '@/lib/i18n/intl';
import { parsePrice, roundCents } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';
import { orderLineText } from '@/domain/order-line';
import { groupByCategory } from '@/domain/pricing';
import { lineTotal } from '../lib/requests';
import { ItemTable } from './item-table-style';

/** The items of a request grouped by category (Weapons first), with line prices and the total. */
export function RequestItems({ items, total }: { items: readonly PurchaseItem[]; total?: number }) {
  const { _ } = useLingui();
  if (items.length === 0) return <p>{_('No items found')}</p>;
  return (
    <ItemTable>
      <thead>
        <tr>
          <th scope="col">{_('Item')}</th>
          <th scope="col">{_('Category')}</th>
          <th scope="col">{_('Quantity × price')}</th>
          {/* The line total (price × quantity), not the unit price: at a drop the admin collects this amount. */}
          <th scope="col">{_('Line total')}</th>
        </tr>
      </thead>
      <tbody>
        {groupByCategory(items).flatMap(([category, lines]) =>
          lines.map((item, index) => (
            <tr key={`${category}-${index}-${item.name}`}>
              <td>{item.name}</td>
              <td>{item.category}</td>
              <td>{lineText(item)}</td>
              <td>{displayUsd(lineTotal(item))}</td>
            </tr>
          )),
        )}
      </tbody>
      {total !== undefined && (
        <tfoot>
          <tr>
            <td colSpan={3}>{_('Total')}</td>
            <td>{displayUsd(total)}</td>
          </tr>
        </tfoot>
      )}
    </ItemTable>
  );
}

/** '2 × $2.99' in the language shown ('2 × US$ 2,99'); a price under a cent keeps the shared precise writing. */
function lineText(item: PurchaseItem): string {
  const unit = parsePrice(item.price);
  if (Number.isNaN(unit) || (unit < 1 && roundCents(unit) !== unit)) return orderLineText(item);
  return `${displayCount(item.quantity)} × ${displayUsd(unit)}`;
}
