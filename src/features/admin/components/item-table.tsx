import type { Cents } from '@/domain/money';
import type { PurchaseItem } from '@/domain/schemas/purchases';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { groupByCategory } from '@/domain/pricing';
import { lineTotal } from '../lib/requests';
import { ItemTable } from './item-table-style';

/** The items of a request grouped by category (Weapons first), with line prices and the total. */
export function RequestItems({ items, total }: { items: readonly PurchaseItem[]; total?: Cents }) {
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
              <td>{displayCents(lineTotal(item))}</td>
            </tr>
          )),
        )}
      </tbody>
      {total !== undefined && (
        <tfoot>
          <tr>
            <td colSpan={3}>{_('Total')}</td>
            <td>{displayCents(total)}</td>
          </tr>
        </tfoot>
      )}
    </ItemTable>
  );
}

/** '2 × $2.99' in the language shown ('2 × US$ 2,99'). */
function lineText(item: PurchaseItem): string {
  return `${displayCount(item.quantity)} × ${displayCents(item.price)}`;
}
