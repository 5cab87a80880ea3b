import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import { discardOutboxItem, retryOutboxItem } from '../lib/outbox/outbox';
import type { OutboxView } from '../lib/outbox/outbox-items';
import { triggerDrain } from '../lib/outbox/triggers';
import { Button } from './button';

/**
 * The buttons of a queued item, for any card that shows one: Send now (queued), Retry (failed, needs-login),
 * Log in (needs-login) and a two-tap Discard. Nothing while it is being sent.
 */
export function OutboxItemActions({ item }: { item: Pick<OutboxView, 'id' | 'state' | 'title'> }) {
  const { _ } = useLingui();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  if (item.state === 'sending') return null;
  // Already made by someone else: nothing to send; it stays until the admin has read who did it.
  if (item.state === 'done') {
    return (
      <Actions role="group" aria-label={`Actions for ${item.title}`}>
        <Button type="button" $variant="secondary" disabled={busy} onClick={run(() => discardOutboxItem(item.id))}>
          {_('Dismiss')}
        </Button>
      </Actions>
    );
  }
  return (
    <Actions role="group" aria-label={`Actions for ${item.title}`}>
      {item.state === 'needs-login' && (
        <Button as={Link} to="/login" $variant="primary">
          {_('Log in')}
        </Button>
      )}
      {item.state === 'queued' ? (
        <Button type="button" $variant="secondary" disabled={busy} onClick={run(triggerDrain)}>
          {_('Send now')}
        </Button>
      ) : (
        <Button type="button" $variant="secondary" disabled={busy} onClick={run(() => retryOutboxItem(item.id))}>
          {_('Retry')}
        </Button>
      )}
      <Button
        type="button"
        $variant={confirmDiscard ? 'danger' : 'ghost'}
        disabled={busy}
        onClick={confirmDiscard ? run(() => discardOutboxItem(item.id)) : () => setConfirmDiscard(true)}
      >
        {confirmDiscard ? _('Tap again to discard') : _('Discard')}
      </Button>
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(1)};
`;
