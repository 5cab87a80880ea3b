import styled from 'styled-components';

/** "3" in a pill: messages from the other side not yet read. Nothing when there are none. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <Pill className={className} data-testid="unread-badge" aria-label={`${count} unread message${count === 1 ? '' : 's'}`}>
      {count > 99 ? '99+' : count}
    </Pill>
  );
}

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.4rem;
  height: 1.4rem;
  padding: 0 ${({ theme }) => theme.space(1.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.info};
  color: ${({ theme }) => theme.color.bg};
  font-size: 0.78rem;
  font-weight: 800;
  line-height: 1;
  flex: none;
`;
