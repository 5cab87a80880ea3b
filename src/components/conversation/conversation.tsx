import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ConversationMessage, ConversationSubject } from '../../domain/schemas/conversations';
import { markThreadRead, messagesQueryOptions } from '../../lib/conversation/queries';
import type { MessagePayload } from '../../lib/conversation/send-message';
import { useConversationLive, useThreadUnread } from '../../lib/conversation/use-conversation-live';
import { lazyDateFormat } from '../../lib/lazy-date-format';
import { useOfflineSnapshot } from '../../lib/offline-snapshot';
import { useOutboxItems, type OutboxView } from '../../lib/outbox';
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
}

/**
 * A deal's conversation between its player and the admins (issue 28), behind a "Messages" disclosure with the unread
 * count; loaded, kept live and marked read only while open. Text is shown as written, never as links or markup.
 */
export function Conversation({ subject, id, asAdmin = false, initiallyOpen = false }: Props) {
  const [open, setOpen] = useState(initiallyOpen);
  const unread = useThreadUnread(subject, id);
  return (
    <Details
      open={initiallyOpen}
      data-testid="conversation"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        Messages <UnreadBadge count={unread} />
      </summary>
      {open && <Thread subject={subject} id={id} asAdmin={asAdmin} />}
    </Details>
  );
}

function Thread({ subject, id, asAdmin }: Required<Omit<Props, 'initiallyOpen'>>) {
  useConversationLive();
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
  const messages = thread.data;

  // Seen: everything shown is marked read (the other side's newest message, once per new one).
  const marked = useRef(0);
  const lastFromOthers = messages?.reduce((last, message) => (message.mine ? last : Math.max(last, message.id)), 0) ?? 0;
  useEffect(() => {
    if (lastFromOthers <= marked.current) return;
    marked.current = lastFromOthers;
    void markThreadRead(queryClient, subject, id, lastFromOthers);
  }, [lastFromOthers, queryClient, subject, id]);

  // The newest message in view as the thread grows.
  const end = useRef<HTMLLIElement>(null);
  const count = (messages?.length ?? 0) + waiting.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (thread.isPending) return <Muted>Loading the messages…</Muted>;
  if (!messages) return <LoadError title="The messages couldn't be loaded" onRetry={() => void thread.refetch()} />;
  return (
    <Body>
      {savedAt && <OfflineDataNote savedAt={savedAt} />}
      <List role="log" aria-label="Messages" aria-live="polite">
        {count === 0 && (
          <Muted as="li">
            {asAdmin
              ? 'No messages yet. Write to the player about this deal here.'
              : 'No messages yet. Ask the admins anything about this deal here.'}
          </Muted>
        )}
        {messages.map((message) => (
          <Message key={message.id} message={message} />
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
  return (
    <Item $mine={message.mine} data-testid="message" data-mine={message.mine || undefined}>
      <Meta>
        {message.mine ? 'You' : message.authorName} · <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
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

/** A message still in the outbox: never shown as sent. */
function Waiting({ item }: { item: OutboxView }) {
  const { body } = item.payload as MessagePayload;
  const failed = item.state === 'failed' || item.state === 'needs-login';
  return (
    <Item $mine data-testid="message-waiting" data-state={item.state}>
      <Meta role="status">{failed ? `Not sent${item.error ? ` — ${item.error}` : ''}` : 'Not sent yet'}</Meta>
      {body && (
        <Bubble $mine $waiting>
          {body}
        </Bubble>
      )}
      {item.photoUrl && <img src={item.photoUrl} alt="Photo waiting to be sent" width={160} height={120} />}
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
