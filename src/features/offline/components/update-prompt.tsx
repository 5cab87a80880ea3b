import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from '@/lib/sw-register';

export const UPDATE_TEXT = 'A new version of Blockspin Market is ready.';
export const UPDATE_RELOAD = 'Reload';
export const UPDATE_LATER = 'Later';

/** Offers to reload when a new service worker is waiting; anything queued stays in IndexedDB. */
export function UpdatePrompt() {
  const { _ } = useLingui();
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <Card role="alertdialog" aria-label={_('Update available')} aria-describedby="update-text">
      <p id="update-text">{_(UPDATE_TEXT)}</p>
      <Actions>
        <Button $variant="ghost" onClick={dismissUpdate}>
          {UPDATE_LATER}
        </Button>
        <Button onClick={() => applyUpdate()}>{UPDATE_RELOAD}</Button>
      </Actions>
    </Card>
  );
}

const Card = styled.div`
  position: fixed;
  z-index: 70;
  left: 50%;
  transform: translateX(-50%);
  bottom: calc(${({ theme }) => theme.space(4)} + env(safe-area-inset-bottom, 0px));
  width: min(28rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;
