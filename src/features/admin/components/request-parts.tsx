import { useEffect, useRef, type ReactNode } from 'react';
import { Chips } from '@/components/chips';
import { Conversation } from '@/components/conversation/conversation';
import { HistoryTimeline } from '@/components/history-timeline';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { formatDateTime } from '@/lib/format-date';
import { itemsText, requestItemCount, sortLabel, type RequestSort } from '../lib/requests';
import { describeSchedule } from '@/lib/schedule-words';
import { PromiseRow } from './promise-parts';
import { VirtualRequestList } from './virtual-request-list';
import { DetailPanel, ListButton, ListColumn } from './admin-layout';
import { CopyValue } from './copy-value';
import { Meta, MetaRow } from './meta-list';

const SORTS: RequestSort[] = ['recent', 'oldest', 'price', 'items'];

/** The four sort buttons of a request list. */
export function SortButtons({
  sort,
  onSort,
  screen,
  scheduledOnly,
}: {
  sort: RequestSort;
  onSort: (sort: RequestSort) => void;
  screen: 'pending' | 'approved';
  scheduledOnly?: boolean;
}) {
  const { _ } = useLingui();
  return (
    <Chips
      label={_('Sort')}
      value={sort}
      onChange={onSort}
      options={SORTS.map((option) => ({ value: option, label: sortLabel(option, screen, scheduledOnly) }))}
    />
  );
}

/** The list column: one button per request, the selected one highlighted. */
export function RequestList({
  requests,
  selectedId,
  onSelect,
  label,
  showSchedule,
}: {
  requests: readonly PurchaseRequest[];
  selectedId: number | null;
  onSelect: (request: PurchaseRequest) => void;
  label: string;
  showSchedule?: boolean;
}) {
  useLingui();
  const button = (request: PurchaseRequest) => (
    <ListButton
      type="button"
      $selected={request.id === selectedId}
      aria-current={request.id === selectedId ? 'true' : undefined}
      onClick={() => onSelect(request)}
    >
      <strong>
        {`#${request.id}`} · {request.requesterName}
      </strong>
      <strong>{displayCents(request.totalPrice)}</strong>
      <small>
        {itemsText(requestItemCount(request))} ·{' '}
        {showSchedule ? describeSchedule(request) : formatDateTime(request.requestedAt ?? request.createdAt)}
      </small>
    </ListButton>
  );
  // A long list is windowed; a short one is drawn whole (no 'Show more' either way).
  if (requests.length > VIRTUAL_FROM) return <VirtualRequestList requests={requests} label={label} row={button} />;
  return (
    <ListColumn aria-label={label}>
      {requests.map((request) => (
        <li key={request.id}>{button(request)}</li>
      ))}
    </ListColumn>
  );
}

/** From this many requests a list is drawn a window at a time. */
const VIRTUAL_FROM = 60;

/** The detail column of one request: who, when, how many, the drop, then the screen's content and buttons. */
export function RequestDetail({ request, children, actions }: { request: PurchaseRequest; children?: ReactNode; actions: ReactNode }) {
  const { _ } = useLingui();
  const ref = useRef<HTMLElement>(null);
  const shownId = useRef(request.id);
  useEffect(() => {
    // On phones the detail sits under the list: bring it into view when another request is chosen (not on opening).
    if (shownId.current === request.id) return;
    shownId.current = request.id;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches)
      ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [request.id]);
  return (
    <DetailPanel ref={ref} aria-label={_('Request #{id}', { id: request.id })}>
      <h3>{_('Request #{id} — {player}', { id: request.id, player: request.requesterName })}</h3>
      <Meta>
        <MetaRow label={_('Placed')}>{formatDateTime(request.requestedAt ?? request.createdAt)}</MetaRow>
        {request.contactEmail && (
          <MetaRow label={_('Email')}>
            <CopyValue value={request.contactEmail} what="email" />
          </MetaRow>
        )}
        <MetaRow label={_('Items')}>{requestItemCount(request)}</MetaRow>
        <MetaRow label={_('Total')}>{displayCents(request.totalPrice)}</MetaRow>
        {request.creditApplied > 0 && (
          <>
            <MetaRow label={_('Store credit')}>−{displayCents(request.creditApplied)}</MetaRow>
            <MetaRow label={_('Amount due')}>{displayCents(request.amountDue)}</MetaRow>
          </>
        )}
        {request.status === 'approved' && <MetaRow label={_('Drop')}>{describeSchedule(request)}</MetaRow>}
        <PromiseRow status={request.promiseStatus} promisedAt={request.promisedAt} />
        {request.rejectionReason && <MetaRow label={_('Reason')}>{request.rejectionReason}</MetaRow>}
      </Meta>
      {children}
      {actions}
      <HistoryTimeline subject="purchase-request" id={request.id} />
      <Conversation key={request.id} subject="purchase-request" id={request.id} asAdmin />
    </DetailPanel>
  );
}
