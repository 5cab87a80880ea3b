import styled from 'styled-components';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { useLingui } from '@/lib/i18n/react';
import { CountBadge } from './admin-menu-tiles';

/**
 * What the tiles' badges count, one meaning per colour (issue 52.5: blue meant unread on one tile and pending on
 * another): the outlined number waits in that list, the blue one is unread messages, the gold one new times to answer.
 */
export function BadgeLegend() {
  const { _ } = useLingui();
  // The samples are pictures of the badges (hidden from screen readers, which would read them as real counts).
  return (
    <Legend aria-label={_('What the badges count')}>
      <li>
        <CountBadge $tone="count" aria-hidden="true">
          3
        </CountBadge>
        {_('waiting in that list')}
      </li>
      <li>
        <span aria-hidden="true">
          <UnreadBadge count={2} />
        </span>
        {_('unread messages')}
      </li>
      <li>
        <CountBadge $tone="accent" aria-hidden="true">
          {_('{count, plural, one {# new time} other {# new times}}', { count: 1 })}
        </CountBadge>
        {_('times players proposed, to answer')}
      </li>
    </Legend>
  );
}

const Legend = styled.ul`
  grid-column: 1 / -1;
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1.5)};
  }
`;
