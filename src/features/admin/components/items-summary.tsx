import styled from 'styled-components';
import { Button } from '@/components/button';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { summariseItems } from '../lib/requests';
import { fromTablet } from '@/components/theme';
import { DetailPanel, Row } from './admin-layout';
import { ItemTable } from './item-table-style';

/** Total Items Requested / Approved: item count, order count and the per-category breakdown with totals. */
export function ItemsSummary({
  requests,
  title,
  onShowAll,
  onShowAllApproved,
}: {
  requests: readonly PurchaseRequest[];
  title: string;
  onShowAll?: () => void;
  onShowAllApproved?: () => void;
}) {
  const { _ } = useLingui();
  const summary = summariseItems(requests);
  return (
    <DetailPanel aria-label={title}>
      <h3>{title}</h3>
      <Counts>
        <div>
          <strong>{summary.itemCount}</strong>
          <span>{_('Total items')}</span>
        </div>
        <div>
          <strong>{summary.orderCount}</strong>
          <span>{_('Orders')}</span>
        </div>
        <div>
          <strong>{displayCents(summary.total)}</strong>
          <span>{_('Total value')}</span>
        </div>
      </Counts>
      <Categories>
        {summary.categories.map((category) => (
          <Breakdown key={category.category} aria-label={_('{category} items', { category: category.category })}>
            <thead>
              <tr>
                <th scope="col">{category.category}</th>
                <th scope="col">{_('Qty')}</th>
                <th scope="col">{_('Total')}</th>
              </tr>
            </thead>
            <tbody>
              {category.items.map((item) => (
                <tr key={item.name}>
                  <td>{item.name}</td>
                  <td>{item.quantity}</td>
                  <td>{displayCents(item.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{_('{category} total', { category: category.category })}</td>
                <td>{category.quantity}</td>
                <td>{displayCents(category.total)}</td>
              </tr>
            </tfoot>
          </Breakdown>
        ))}
      </Categories>
      {(onShowAll || onShowAllApproved) && (
        <Row>
          {onShowAll && (
            <Button type="button" $variant="secondary" onClick={onShowAll}>
              {_('All Item Requests')}
            </Button>
          )}
          {onShowAllApproved && (
            <Button type="button" $variant="secondary" onClick={onShowAllApproved}>
              {_('All Approved Item Requests')}
            </Button>
          )}
        </Row>
      )}
    </DetailPanel>
  );
}

const Counts = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  div {
    display: flex;
    flex-direction: column;
    align-items: center;
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
  }
  strong {
    font-size: 1.5rem;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    text-align: center;
  }
`;

const Categories = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  ${fromTablet} {
    grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
  }
`;

const Breakdown = styled(ItemTable)`
  table-layout: fixed;
  th:first-child,
  td:first-child {
    width: 55%;
    overflow-wrap: anywhere;
  }
`;
