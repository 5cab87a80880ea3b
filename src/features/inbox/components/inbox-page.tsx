import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Page, PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format-date';
import { useInbox, useMarkInboxRead } from '../api/get-inbox';

export const INBOX_EMPTY_TEXT = 'Nothing yet. When a request is approved, a drop or pickup is scheduled, or you are paid, it shows here.';

/**
 * Inbox (issue 30 item 13): everything the app told the player — the same events as the push notifications — so
 * nothing is lost with notifications off, or on an iPhone outside the Home Screen. Unread first; opening it marks them read.
 */
export function InboxPage() {
  const { _ } = useLingui();
  const inbox = useInbox();
  const markRead = useMarkInboxRead();
  const navigate = useNavigate();
  const marked = useRef(false);
  const items = inbox.data?.items ?? [];
  const newest = items.reduce((max, item) => Math.max(max, item.id), 0);
  const unread = inbox.data?.unread ?? 0;

  useEffect(() => {
    // Once per visit, after the fresh list arrived: what is on screen now has been seen.
    if (marked.current || inbox.isFetching || unread === 0 || newest === 0) return;
    marked.current = true;
    markRead.mutate(newest);
  }, [inbox.isFetching, unread, newest, markRead]);

  return (
    <Page>
      <PageHeader title={_('Inbox')} subtitle={unread > 0 ? `${unread} new` : _('Everything we told you')} backTo="/" />
      {inbox.isPending ? (
        <Note role="status">{_('Loading your inbox...')}</Note>
      ) : inbox.isError ? (
        <Note role="alert">{_('Your inbox could not be loaded. Check your connection and try again.')}</Note>
      ) : items.length === 0 ? (
        <Note>{_(INBOX_EMPTY_TEXT)}</Note>
      ) : (
        <List aria-label={_('Inbox')}>
          {items.map((item) => (
            <Item key={item.id} data-read={item.read || undefined} data-testid="inbox-item">
              <button type="button" onClick={() => void navigate({ href: item.url })}>
                <Head>
                  <strong>{item.title}</strong>
                  {!item.read && <New>{_('New')}</New>}
                </Head>
                <span>{item.body}</span>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </button>
            </Item>
          ))}
        </List>
      )}
    </Page>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Item = styled.li`
  button {
    width: 100%;
    text-align: left;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3.5)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.primary};
    border-left-width: 4px;
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  &[data-read] button {
    border-color: ${({ theme }) => theme.color.border};
    border-left-width: 1px;
    padding-left: calc(${({ theme }) => theme.space(3.5)} + 3px);
    background: ${({ theme }) => theme.color.surface};
  }
  span {
    overflow-wrap: anywhere;
  }
  time {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Head = styled.span`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const New = styled.span`
  flex: none;
  padding: 0.1rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.72rem;
  font-weight: 800;
  color: ${({ theme }) => theme.color.primaryText};
  background: ${({ theme }) => theme.color.primary};
`;
