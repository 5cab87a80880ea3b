import { useLingui } from '@/lib/i18n/react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ConversationSubject } from '@/domain/schemas/conversations';
import type { useEarlierMessages } from '@/lib/conversation/use-earlier-messages';
import { useThreadUnread } from '@/lib/conversation/use-conversation-live';
import { LoadError } from '../load-error';
import { OfflineDataNote } from '../offline-data-note';
import { Composer } from './composer';
import { threadEntries, Waiting } from './thread-lines';
import { UnreadBadge } from './unread-badge';
import { useThread } from './use-thread';

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
  const { thread, savedAt, messages, proposals, waiting, earlier } = useThread(subject, id, pickupId);
  const entries = useMemo(() => threadEntries(messages, proposals), [messages, proposals]);
  const count = (messages?.length ?? 0) + waiting.length + (proposals?.length ?? 0);
  const end = useScrollToNewest(count, `${messages?.at(-1)?.id}/${waiting.length}/${proposals?.length}`);

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
        {earlier.more && <EarlierMessages earlier={earlier} />}
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

/** The newest line in view as the thread grows (`newest` changes), not when earlier messages are added above. */
function useScrollToNewest(count: number, newest: string) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
    // On `newest`, not `count`: a page of earlier messages leaves the scroll where it is.
  }, [newest]);
  return end;
}

/** Show earlier messages, and what went wrong reading them. */
function EarlierMessages({ earlier }: { earlier: ReturnType<typeof useEarlierMessages> }) {
  const { _ } = useLingui();
  return (
    <Earlier>
      <button type="button" onClick={() => void earlier.showEarlier()} disabled={earlier.loading}>
        {earlier.loading ? _('Loading earlier messages…') : _('Show earlier messages')}
      </button>
      {earlier.failed && <span role="alert">{_("The earlier messages couldn't be loaded. Try again.")}</span>}
    </Earlier>
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
