import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

type CopyState = 'idle' | 'copied' | 'refused';

/** What is copied: the button's name and what it says once copied, whole sentences in every language. */
const COPY_TEXTS = {
  email: { copy: 'Copy email', copied: 'email copied' },
  ps5: { copy: 'Copy PS5 name', copied: 'PS5 name copied' },
  roblox: { copy: 'Copy Roblox name', copied: 'Roblox name copied' },
} as const;

/** What a refused clipboard says: how to copy by hand, nothing lost. */
export const COPY_REFUSED_TEXT = "Couldn't copy: the browser refused the clipboard. Select the text and copy it by hand.";

/**
 * A value an admin passes on to a player's game (issue 33 item 2: Roblox and PS5 names, email) with a Copy button
 * beside it. The result is said in a live region ("Copied", or how to copy by hand when the clipboard is refused).
 */
export function CopyValue({ value, what, children }: { value: string; what: keyof typeof COPY_TEXTS; children?: ReactNode }) {
  const { _ } = useLingui();
  const texts = COPY_TEXTS[what];
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
      // "Copied" fades after a moment so a second copy says it again; a refusal stays until the next try.
      timer.current = setTimeout(() => setState('idle'), 2500);
    } catch {
      setState('refused');
    }
  };

  return (
    <Wrap>
      <Value>{children ?? value}</Value>
      <CopyButton type="button" onClick={() => void copy()} aria-label={_(texts.copy)} data-state={state}>
        {state === 'copied' ? _('✓ Copied') : _('Copy')}
      </CopyButton>
      <Status role="status" aria-live="polite" data-state={state}>
        {state === 'copied' ? _(texts.copied) : state === 'refused' ? _(COPY_REFUSED_TEXT) : ''}
      </Status>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
`;

const Value = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  user-select: all;
`;

const CopyButton = styled.button`
  min-height: 36px;
  min-width: 64px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 0.85rem;
  font-weight: 600;
  cursor: pointer;
  /* A 44px touch target around the 36px pill. */
  position: relative;
  &::after {
    content: '';
    position: absolute;
    inset: -4px 0;
  }
  &[data-state='copied'] {
    border-color: ${({ theme }) => theme.color.success};
  }
`;

const Status = styled.span`
  flex-basis: 100%;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  /* Kept in the page while empty, so the live region exists before it speaks. */
  &:empty {
    flex-basis: 0;
  }
  &[data-state='refused'] {
    color: ${({ theme }) => theme.color.dangerText};
  }
`;
