import { proposedWhen } from '@/lib/schedule-words';
import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import type { ConversationMessage } from '@/domain/schemas/conversations';
import type { Proposal } from '@/domain/schemas/deals';
import type { MessagePayload } from '@/lib/conversation/send-message';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { OutboxItemActions } from '../outbox-item-actions';

// The lines of a thread: a message, a proposed new time, and a message still in the outbox.

const when = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** A thread's messages and proposed times, one list in time order (each with its key and its line). */
export function threadEntries(messages: ConversationMessage[] | undefined, proposals: Proposal[] | undefined) {
  return [
    ...(messages ?? []).map((message) => ({ at: message.createdAt, key: `m${message.id}`, node: <Message message={message} /> })),
    ...(proposals ?? []).map((proposal) => ({
      at: proposal.createdAt,
      key: `p${proposal.id}`,
      node: <ProposalLine proposal={proposal} />,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
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
  const time = proposedWhen(proposal);
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
export function Waiting({ item }: { item: OutboxView }) {
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
