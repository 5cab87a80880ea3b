import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

/** The floating cart button with the number of lines in a badge. */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { _ } = useLingui();
  return (
    <Fab type="button" onClick={onClick} aria-label={_('Cart, {count, plural, one {# item} other {# items}}', { count })}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 3h2.2l2.5 10.6c.1.5.6.9 1.1.9h8.9c.5 0 .9-.3 1.1-.8L21 7H6.6l-.5-2.2A2.3 2.3 0 0 0 3.9 3H3Z"
        />
      </svg>
      <span>{_('Cart')}</span>
      {count > 0 && <Badge aria-hidden="true">{count > 99 ? '99+' : count}</Badge>}
    </Fab>
  );
}

const Fab = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: none;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.primary}, #7b5cfa);
  color: #fff;
  font-weight: 700;
  box-shadow: 0 8px 24px rgba(91, 124, 250, 0.45);
  &:active {
    transform: scale(0.97);
  }
`;

const Badge = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 24px;
  height: 24px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentFill};
  color: ${({ theme }) => theme.color.onAccent};
  font-size: 0.8rem;
  font-weight: 800;
  display: grid;
  place-items: center;
  border: 2px solid ${({ theme }) => theme.color.bg};
`;
