import { useLingui } from '@/lib/i18n/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ConversationMessage, ConversationSubject } from '@/domain/schemas/conversations';
import type { Proposal } from '@/domain/schemas/deals';
import { markThreadRead, messagesQueryOptions, proposalsQueryOptions } from '@/lib/conversation/queries';
import type { MessagePayload } from '@/lib/conversation/send-message';
import { useConversationLive, useThreadUnread } from '@/lib/conversation/use-conversation-live';
import { useEarlierMessages } from '@/lib/conversation/use-earlier-messages';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import { useOfflineSnapshot } from '@/lib/offline-snapshot';
import { useOutboxItems, type OutboxView } from '@/lib/outbox/outbox-items';
import { LoadError } from '../load-error';
import { OfflineDataNote } from '../offline-data-note';
import { OutboxItemActions } from '../outbox-item-actions';
import { Composer } from './composer';
import { UnreadBadge } from './unread-badge';

const when = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

interface Props {
  subject: ConversationSubject;
  id: number;
  /** An admin's view: quick replies, and the player named as such. */
  asAdmin?: boolean;
  /** Opened at first (a detail view about one deal). */
  initiallyOpen?: boolean;
  /** A submission's pickup, once scheduled: its proposed times show in the thread (a purchase's own show by itself). */
  pickupId?: number | null;
}

/**
 * A deal's conversation between its player and the admins (issue 28), behind a "Messages" disclosure with the unread
 * count; loaded, kept live and marked read only while open. Text is shown as written, never as links or markup.
 */
export function Conversation({ subject, id, asAdmin = false, initiallyOpen = false, pickupId = null }: Props) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  const unread = useThreadUnread(subject, id);
  return (
    <Details
      open={initiallyOpen}
      data-testid="conversation"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        {_('Messages')} <UnreadBadge count={unread} />
      </summary>
      {open && <Thread subject={subject} id={id} asAdmin={asAdmin} pickupId={pickupId} />}
    </Details>
  );
}

function Thread({ subject, id, asAdmin, pickupId }: Required<Omit<Props, 'initiallyOpen'>>) {
  const { _ } = useLingui();
  useConversationLive();
  // The new times proposed for this deal's drop or pickup, between the messages in time order.
  const promise =
    subject === 'purchase-request'
      ? { type: 'purchase-request' as const, id }
      : pickupId
        ? { type: 'pickup' as const, id: pickupId }
        : null;
  const proposals = useQuery({
    ...proposalsQueryOptions(promise?.type ?? 'pickup', promise?.id ?? 0),
    enabled: promise !== null,
  }).data;
  const queryClient = useQueryClient();
  const options = messagesQueryOptions(subject, id);
  const thread = useQuery(options);
  const savedAt = useOfflineSnapshot(options.queryKey);
  const outbox = useOutboxItems('message');
  const waiting = useMemo(
    () =>
      outbox.filter((item) => {
        const payload = item.payload as MessagePayload;
        return payload.subjectType === subject && payload.subjectId === id;
      }),
    [outbox, subject, id],
  );
  // The newest page is the cached query (kept live); earlier pages are read on request.
  const earlier = useEarlierMessages(subject, id, thread.data);
  const messages = earlier.messages;

  // Seen: everything shown is marked read (the other side's newest message, once per new one).
  const marked = useRef(0);
  const lastFromOthers = messages?.reduce((last, message) => (message.mine ? last : Math.max(last, message.id)), 0) ?? 0;
  useEffect(() => {
    if (lastFromOthers <= marked.current) return;
    marked.current = lastFromOthers;
    void markThreadRead(queryClient, subject, id, lastFromOthers);
  }, [lastFromOthers, queryClient, subject, id]);

  // The newest message in view as the thread grows (not when earlier messages are added above).
  const end = useRef<HTMLLIElement>(null);
  const count = (messages?.length ?? 0) + waiting.length + (proposals?.length ?? 0);
  const newest = `${messages?.at(-1)?.id}/${waiting.length}/${proposals?.length}`;
  const entries = useMemo(
    () =>
      [
        ...(messages ?? []).map((message) => ({ at: message.createdAt, key: `m${message.id}`, node: <Message message={message} /> })),
        ...(proposals ?? []).map((proposal) => ({
          at: proposal.createdAt,
          key: `p${proposal.id}`,
          node: <ProposalLine proposal={proposal} />,
        })),
      ].sort((a, b) => a.at.localeCompare(b.at)),
    [messages, proposals],
  );
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
    // On `newest`, not `count`: a page of earlier messages leaves the scroll where it is.
  }, [newest]);

  if (thread.isPending) return <Muted>{_('Loading the messages…')}</Muted>;
  if (!messages) return <LoadError title={_("The messages couldn't be loaded")} onRetry={() => void thread.refetch()} />;
  return (
    <Body>
      {savedAt && <OfflineDataNote savedAt={savedAt} />}
      <List role="log" aria-label={_('Messages')} aria-live="polite">
        {count === 0 && (
          <Muted as="li">
            {asAdmin
              ? _('No messages yet. Write to the player about this deal here.')
              : _('No messages yet. Ask the admins anything about this deal here.')}
          </Muted>
        )}
        {earlier.more && (
          <Earlier>
            <button type="button" onClick={() => void earlier.showEarlier()} disabled={earlier.loading}>
              {earlier.loading ? _('Loading earlier messages…') : _('Show earlier messages')}
            </button>
            {earlier.failed && <span role="alert">{_("The earlier messages couldn't be loaded. Try again.")}</span>}
          </Earlier>
        )}
        {entries.map((entry) => (
          <Fragment key={entry.key}>{entry.node}</Fragment>
        ))}
        {waiting.map((item) => (
          <Waiting key={item.id} item={item} />
        ))}
        <li ref={end} aria-hidden="true" />
      </List>
      <Composer subject={subject} id={id} asAdmin={asAdmin} />
    </Body>
  );
}

function Message({ message }: { message: ConversationMessage }) {
  const { _ } = useLingui();
  return (
    <Item $mine={message.mine} data-testid="message" data-mine={message.mine || undefined}>
      <Meta>
        {message.mine ? _('You') : message.authorName} ·{' '}
        <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
      </Meta>
      {message.body !== null && <Bubble $mine={message.mine}>{message.body}</Bubble>}
      {message.photoUrl && (
        <a href={message.photoUrl} target="_blank" rel="noreferrer">
          <img
            src={message.thumbnailUrl ?? message.photoUrl}
            alt={`Photo from ${message.mine ? 'you' : message.authorName}`}
            width={160}
            height={120}
            loading="lazy"
          />
        </a>
      )}
    </Item>
  );
}

const PROPOSAL_STATES: Record<Proposal['status'], string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** A proposed new time, as a line of the thread (answered in the card, where the promise is). */
function ProposalLine({ proposal }: { proposal: Proposal }) {
  const { _ } = useLingui();
  const noun = proposal.subjectType === 'purchase-request' ? 'drop' : 'pickup';
  const time = proposal.isImmediate
    ? _('right away')
    : _('{date} at {time}', { date: proposal.scheduledDate, time: proposal.scheduledTime });
  return (
    <Notice data-testid="proposal-line" data-status={proposal.status}>
      <strong>
        {noun === 'drop'
          ? _('New drop time proposed by {name}: {time}', { name: proposal.proposedBy, time })
          : _('New pickup time proposed by {name}: {time}', { name: proposal.proposedBy, time })}
      </strong>
      <span>
        {PROPOSAL_STATES[proposal.status]} · <time dateTime={proposal.createdAt}>{when.format(new Date(proposal.createdAt))}</time>
      </span>
    </Notice>
  );
}

/** A message still in the outbox: never shown as sent. */
function Waiting({ item }: { item: OutboxView }) {
  const { _ } = useLingui();
  const { body } = item.payload as MessagePayload;
  const failed = item.state === 'failed' || item.state === 'needs-login';
  return (
    <Item $mine data-testid="message-waiting" data-state={item.state}>
      <Meta role="status">{failed ? `Not sent${item.error ? ` — ${item.error}` : ''}` : _('Not sent yet')}</Meta>
      {body && (
        <Bubble $mine $waiting>
          {body}
        </Bubble>
      )}
      {item.photoUrl && <img src={item.photoUrl} alt={_('Photo waiting to be sent')} width={160} height={120} />}
      {failed && <OutboxItemActions item={item} />}
    </Item>
  );
}

const Details = styled.details`
  margin-top: ${({ theme }) => theme.space(2)};
  min-width: 0;
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
    min-height: 32px;
    display: list-item;
  }
  summary > span {
    margin-left: ${({ theme }) => theme.space(1)};
    vertical-align: middle;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2.5)};
  max-height: min(60vh, 420px);
  overflow-y: auto;
  overscroll-behavior: contain;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Earlier = styled.li`
  align-self: center;
  display: grid;
  justify-items: center;
  gap: 2px;
  button {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
  }
`;

const Notice = styled.li`
  align-self: center;
  display: grid;
  gap: 2px;
  max-width: 100%;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.accent};
  text-align: center;
  font-size: 0.85rem;
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.75rem;
  }
`;

const Item = styled.li<{ $mine: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  gap: 2px;
  max-width: 100%;
  img {
    display: block;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
    margin-top: 2px;
  }
`;

const Meta = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.75rem;
`;

const Bubble = styled.p<{ $mine: boolean; $waiting?: boolean }>`
  margin: 0;
  max-width: min(85%, 36rem);
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px ${({ $waiting }) => ($waiting ? 'dashed' : 'solid')} ${({ theme }) => theme.color.border};
  background: ${({ theme, $mine }) =>
    $mine ? `color-mix(in srgb, ${theme.color.primary} 30%, ${theme.color.surface})` : theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  opacity: ${({ $waiting }) => ($waiting ? 0.75 : 1)};
  /* Plain text as written: line breaks kept, long words wrapped, nothing turned into a link. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
