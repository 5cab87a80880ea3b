import { useLingui } from '@/lib/i18n/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';

/** How long a 'Coming Soon!' note stays: 5 seconds. */
export const COMING_SOON_MS = 5000;

/** Visibility of a 'Coming Soon!' note: `show()` (re)starts the 5 s timer. */
export function useComingSoon(durationMs: number = COMING_SOON_MS): { visible: boolean; show: () => void; hide: () => void } {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setVisible(false);
  }, []);
  const show = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setVisible(false);
    }, durationMs);
  }, [durationMs]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { visible, show, hide };
}

export interface ComingSoonBubbleProps {
  visible: boolean;
  /**
   * Where the bubble points from its anchor (the anchor needs `position: relative`); 'inside' sits in the anchor's top
   * corner, for a tile with neighbours above it (issue 30: above Trade it covered the Buy tile's label).
   */
  placement?: 'top' | 'bottom' | 'inside';
  /** 'start' lines the bubble up with the trigger's left edge (for triggers near the screen's left side). */
  align?: 'center' | 'start';
}

/** The 'Coming Soon!' speech bubble; place it inside a `position: relative` wrapper around the trigger. */
export function ComingSoonBubble({ visible, placement = 'top', align = 'center' }: ComingSoonBubbleProps) {
  const { _ } = useLingui();
  if (!visible) return null;
  return (
    <Bubble role="status" aria-live="polite" $placement={placement} $align={align}>
      {_('Coming Soon!')}
    </Bubble>
  );
}

const pop = keyframes`
  from { opacity: 0; scale: 0.92; }
  to { opacity: 1; scale: 1; }
`;

const Bubble = styled.span<{ $placement: 'top' | 'bottom' | 'inside'; $align: 'center' | 'start' }>`
  position: absolute;
  left: ${({ $align }) => ($align === 'start' ? '0' : '50%')};
  ${({ $placement }) => ($placement === 'top' ? 'bottom: calc(100% + 10px);' : 'top: calc(100% + 10px);')}
  transform: ${({ $align }) => ($align === 'start' ? 'none' : 'translateX(-50%)')};
  ${({ $placement }) => ($placement === 'inside' ? 'top: 0.5rem; right: 0.5rem; left: auto; transform: none;' : '')}
  z-index: 20;
  padding: 0.45rem 0.85rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentFill};
  color: ${({ theme }) => theme.color.onAccent};
  font-weight: 800;
  font-size: 0.9rem;
  white-space: nowrap;
  box-shadow: ${({ theme }) => theme.shadow.card};
  pointer-events: none;
  animation: ${pop} 0.18s ease-out;
  &::after {
    content: '';
    position: absolute;
    left: ${({ $align }) => ($align === 'start' ? '1.4rem' : '50%')};
    ${({ $placement }) => ($placement === 'top' ? 'top: 100%;' : 'bottom: 100%;')}
    transform: translateX(-50%);
    border: 7px solid transparent;
    display: ${({ $placement }) => ($placement === 'inside' ? 'none' : 'block')};
    ${({ $placement, theme }) =>
      $placement === 'top' ? `border-top-color: ${theme.color.accentFill};` : `border-bottom-color: ${theme.color.accentFill};`}
  }
`;
