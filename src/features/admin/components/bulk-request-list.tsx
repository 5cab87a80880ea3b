import styled from 'styled-components';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { itemsText, requestItemCount } from '../lib/requests';
import { describeSchedule } from '@/lib/schedule-words';
import { ListColumn } from './admin-layout';
import { VirtualRequestList } from './virtual-request-list';

/** From this many requests the list is drawn a window at a time, as the request list is. */
const VIRTUAL_FROM = 60;

/**
 * The approved requests in select mode (issue 33 item 5): each row a checkbox naming the request, its player, total,
 * items and drop; another player's rows are dimmed and say why when tapped (the bar shows the reason).
 */
export function BulkRequestList({
  requests,
  label,
  isChecked,
  isOther,
  onToggle,
}: {
  requests: readonly PurchaseRequest[];
  label: string;
  isChecked: (request: PurchaseRequest) => boolean;
  isOther: (request: PurchaseRequest) => boolean;
  onToggle: (request: PurchaseRequest) => void;
}) {
  const { _ } = useLingui();
  const row = (request: PurchaseRequest) => {
    const checked = isChecked(request);
    return (
      <Row $checked={checked} $other={isOther(request)}>
        <input
          type="checkbox"
          checked={checked}
          onChange={() => onToggle(request)}
          aria-label={_('Select request #{id} from {player}', { id: request.id, player: request.requesterName })}
        />
        <strong>
          {`#${request.id}`} · {request.requesterName}
        </strong>
        <strong>{displayCents(request.totalPrice)}</strong>
        <small>
          {itemsText(requestItemCount(request))} · {describeSchedule(request)}
        </small>
      </Row>
    );
  };
  if (requests.length > VIRTUAL_FROM) return <VirtualRequestList requests={requests} label={label} row={row} />;
  return (
    <ListColumn aria-label={label}>
      {requests.map((request) => (
        <li key={request.id}>{row(request)}</li>
      ))}
    </ListColumn>
  );
}

const Row = styled.label<{ $checked: boolean; $other: boolean }>`
  width: 100%;
  min-height: 64px;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme, $checked }) => ($checked ? theme.color.success : theme.color.border)};
  background: ${({ theme }) => theme.color.surfaceRaised};
  opacity: ${({ $other }) => ($other ? 0.6 : 1)};
  cursor: pointer;
  input {
    grid-row: span 2;
    width: 22px;
    height: 22px;
    accent-color: ${({ theme }) => theme.color.success};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    grid-column: 2 / -1;
  }
  strong {
    overflow-wrap: anywhere;
  }
`;
