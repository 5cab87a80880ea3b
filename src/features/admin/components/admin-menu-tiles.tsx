import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

// The Admin Control menu's tiles and badges (the menu itself: admin-menu.tsx).

/**
 * A queue's button with its live count, shown only when something waits (a 0 badge reads as an alarm). The count is
 * the button's description, not part of its name: the name stays the list's name however many wait.
 */
export function QueueTile({
  onClick,
  count,
  countText,
  proposed = 0,
  children,
}: {
  onClick: () => void;
  count: number;
  /** The count in words ('3 to collect'), the button's description. */
  countText: string;
  /** New times players proposed on this queue's records, waiting for an admin's answer (issue 47.6). */
  proposed?: number;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  const id = useId();
  const proposedText = _('{count, plural, one {# proposed time} other {# proposed times}} to answer', { count: proposed });
  const described = [count > 0 ? countText : null, proposed > 0 ? proposedText : null].filter(Boolean);
  return (
    <Tile type="button" onClick={onClick} aria-describedby={described.length > 0 ? id : undefined}>
      {children}
      {count > 0 && (
        <CountBadge $tone="count" aria-hidden="true" data-testid="queue-count">
          {count}
        </CountBadge>
      )}
      {proposed > 0 && (
        <CountBadge $tone="accent" aria-hidden="true" data-testid="queue-proposals" title={proposedText}>
          {_('{count, plural, one {# new time} other {# new times}}', { count: proposed })}
        </CountBadge>
      )}
      {described.length > 0 && (
        <span id={id} hidden>
          {described.join(', ')}
        </span>
      )}
    </Tile>
  );
}

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    font-size: 0.95rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const Tiles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const tile = `
  min-height: 72px;
  border-radius: 14px;
  font-size: 1.1rem;
  font-weight: 700;
`;

export const Tile = styled.button`
  ${tile}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(5)};
  text-align: left;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  span:not([aria-label]):not([aria-hidden]) {
    flex: 1;
  }
`;

export const SplitTile = styled.div`
  ${tile}
  display: grid;
  grid-template-columns: 1fr 1fr;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  button {
    min-height: 72px;
    border: none;
    font: inherit;
    font-weight: 700;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
  }
  /* Tints of the theme's colours, so both appearances keep their contrast (issue 30: light mode). */
  button[data-tone='danger'] {
    background: color-mix(in srgb, ${({ theme }) => theme.color.danger} 24%, ${({ theme }) => theme.color.surface});
    border-right: 1px solid ${({ theme }) => theme.color.border};
  }
  button[data-tone='success'] {
    background: color-mix(in srgb, ${({ theme }) => theme.color.success} 22%, ${({ theme }) => theme.color.surface});
  }
`;

export const Step = styled.small`
  font-size: 0.75rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.color.accent};
  flex: none !important;
`;

export const OutboxTile = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  /* A banner across the whole menu, above both sections, not a column of its own. */
  grid-column: 1 / -1;
  min-height: 48px;
`;

/** How many wait behind a menu entry: pending requests (red) or actions kept on this device (amber). */
export const CountBadge = styled.span<{ $tone?: 'danger' | 'success' | 'warning' | 'info' | 'accent' | 'count' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.6rem;
  height: 1.6rem;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.85rem;
  font-weight: 700;
  ${({ theme, $tone = 'danger' }) =>
    // A queue's count is outlined in the text colour, so blue stays the unread messages' colour alone (issue 52.5).
    $tone === 'count'
      ? `background: ${theme.color.surface}; color: ${theme.color.text}; border: 1.5px solid ${theme.color.text};`
      : $tone === 'accent' || $tone === 'warning'
        ? `background: ${theme.color.accentFill}; color: ${theme.color.onAccent};`
        : `background: ${theme.color[$tone]}; color: #fff;`}
`;
