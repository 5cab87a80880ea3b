import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { InboxIcon } from '@/components/icons';
import { useInbox } from '../api/get-inbox';

/**
 * Account: the way into the inbox, with how many are new. Named by what it shows ("Inbox 2 new Everything we told
 * you…"): a shorter label ("Inbox, 2 new") left out the visible line, and someone speaking what they see could not
 * name it (axe `label-content-name-mismatch`, issue 52.2).
 */
export function InboxLink() {
  const { _ } = useLingui();
  const inbox = useInbox();
  const unread = inbox.data?.unread ?? 0;
  return (
    <Card to="/inbox">
      <InboxIcon size={22} />
      <span>{_('Inbox')}</span>
      {unread > 0 && (
        <Count>
          {unread}
          <span className="visually-hidden"> {_('new')}</span>
        </Count>
      )}
      <small>{_('Everything we told you, also with notifications off')}</small>
    </Card>
  );
}

const Card = styled(Link)`
  margin-top: ${({ theme }) => theme.space(5)};
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: 700;
  small {
    grid-column: 2 / -1;
    font-weight: 400;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Count = styled.span`
  min-width: 1.6rem;
  padding: 0.1rem 0.45rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  text-align: center;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.color.primaryText};
  background: ${({ theme }) => theme.color.primary};
`;
