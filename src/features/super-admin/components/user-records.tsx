import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StatusBadge } from '@/components/status-badge';
import { EntryList } from '@/components/entry-list';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { UserDetail as Detail } from '@/domain/schemas/users';
import { formatDateTime } from '@/lib/format-date';
import { Muted } from './muted';
import { Card } from './user-detail-layout';

/** The user's newest purchase requests, with how many there are in all. */
export function Purchases({ data }: { data: Detail }) {
  const { _ } = useLingui();
  const shown = data.purchaseRequests.length;
  const total = data.purchaseRequestCount;
  return (
    <RecordsCard
      headingId="user-purchases"
      heading={_('Purchase requests ({count})', { count: displayCount(total) })}
      empty={_('No purchase requests yet')}
      listLabel={_('Their purchase requests')}
      records={data.purchaseRequests}
      more={
        total > shown
          ? _('The newest {shown} of {total, plural, one {# request} other {# requests}}; Export has them all.', { shown, total })
          : null
      }
      render={(request) => (
        <>
          <Line>
            <strong>{`#${request.id}`}</strong>
            <span>{request.summary}</span>
            <StatusBadge status={request.status} />
          </Line>
          <small>
            {displayCents(request.totalPrice)} · {formatDateTime(request.createdAt)}
            {request.schedule && <> · {_('Drop: {when}', { when: request.schedule })}</>}
          </small>
        </>
      )}
    />
  );
}

/** The user's newest sales, each with its pickup and payout, with how many there are in all. */
export function Sales({ data }: { data: Detail }) {
  const { _ } = useLingui();
  const shown = data.sales.length;
  const total = data.saleCount;
  return (
    <RecordsCard
      headingId="user-sales"
      heading={_('Sales ({count})', { count: displayCount(total) })}
      empty={_('Nothing offered for sale yet')}
      listLabel={_('Their sales')}
      records={data.sales}
      more={
        total > shown
          ? _('The newest {shown} of {total, plural, one {# sale} other {# sales}}; Export has them all.', { shown, total })
          : null
      }
      render={(sale) => (
        <>
          <Line>
            <strong>{`#${sale.id}`}</strong>
            <span>
              {sale.quantity} × {sale.itemName}
            </span>
            <StatusBadge status={sale.pickup?.stage ?? sale.status} />
          </Line>
          <small>
            {formatDateTime(sale.createdAt)}
            {sale.pickup && (
              <>
                {' '}
                · {_('Pickup #{id}: {when}', { id: sale.pickup.id, when: sale.pickup.schedule })}
                {sale.pickup.payout !== null && <> · {_('Payout {amount}', { amount: displayCents(sale.pickup.payout) })}</>}
                {sale.pickup.paidAt && <> · {_('Paid {when}', { when: formatDateTime(sale.pickup.paidAt) })}</>}
              </>
            )}
          </small>
        </>
      )}
    />
  );
}

/** A card of records: heading, the list (or a line saying there is none), and where the rest are when it is cut short. */
function RecordsCard<T extends { id: number }>({
  headingId,
  heading,
  empty,
  listLabel,
  records,
  more,
  render,
}: {
  headingId: string;
  heading: string;
  empty: string;
  listLabel: string;
  records: readonly T[];
  /** 'The newest 20 of 31 requests; Export has them all.' — a list cut short says where the rest are. */
  more: string | null;
  render: (record: T) => ReactNode;
}) {
  return (
    <Card aria-labelledby={headingId}>
      <h4 id={headingId}>{heading}</h4>
      {records.length === 0 ? (
        <Muted>{empty}</Muted>
      ) : (
        <EntryList $tint="surfaceRaised" aria-label={listLabel}>
          {records.map((record) => (
            <li key={record.id}>{render(record)}</li>
          ))}
        </EntryList>
      )}
      {more ? <Muted>{more}</Muted> : null}
    </Card>
  );
}

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  /* The summary takes the room; the status pill keeps its own width. */
  & > span:not([data-status]) {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
