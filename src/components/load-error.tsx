import { useLingui } from '@/lib/i18n/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

/** A failed load, said plainly, with Retry; never an empty-state text. */
export function LoadError({
  title = "This couldn't be loaded",
  onRetry,
  children,
}: {
  title?: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { _ } = useLingui();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <Box role="alert">
      <strong>{title}</strong>
      <p>
        {children ??
          (offline
            ? _("You're offline and there is no saved copy yet. It loads once you're back online.")
            : _('Check your connection and try again.'))}
      </p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        {_('Retry')}
      </Button>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  padding: 1.5rem 1rem;
  text-align: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    max-width: 32rem;
  }
`;
