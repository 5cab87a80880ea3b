import type { ReactNode } from 'react';
import styled from 'styled-components';
import { OutboxItemActions } from '@/components/outbox-item-actions';
import type { AdminAction } from '@/lib/admin-action';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { usePendingAction } from '../lib/use-admin-outbox';
import { undo } from '../lib/held-action';
import { useNow } from '@/lib/use-now';
import { Button } from '@/components/button';
import { useLingui } from '@/lib/i18n/react';

/** What a queued action's card says in place of its buttons: where the record is going, and what holds it. */
export function PendingActionNote({ item }: { item: OutboxView }) {
  const { _ } = useLingui();
  const target = _((item.payload as AdminAction).target);
  const text =
    item.state === 'failed'
      ? _('Not sent: {reason}', { reason: item.error ?? _('the server refused it') })
      : item.state === 'needs-login'
        ? _('Waiting to send — log in again to send it')
        : item.state === 'sending'
          ? _('Sending — {target}', { target })
          : _('Waiting to send — {target}', { target });
  return (
    <Note data-testid="pending-action" data-state={item.state} $failed={item.state === 'failed'}>
      <span role="status">{text}</span>
      <OutboxItemActions item={item} />
    </Note>
  );
}

/**
 * The card's own buttons, or — while an action on its record is kept to send — the note of that action (`quiet`:
 * nothing, for a second group of buttons on the same card).
 */
export function ActionsOrPending({
  type,
  id,
  quiet = false,
  children,
}: {
  type: AdminAction['subject']['type'];
  id: number | string;
  quiet?: boolean;
  children: ReactNode;
}) {
  const pending = usePendingAction(type, id);
  if (!pending) return <>{children}</>;
  if (quiet) return null;
  return pending.notBefore ? <HeldActionNote item={pending} /> : <PendingActionNote item={pending} />;
}

/** A Deny or Reject still open to Undo (issue 33 item 5): a countdown and Undo, then the usual note once it is due. */
function HeldActionNote({ item }: { item: OutboxView }) {
  const { _ } = useLingui();
  const now = useNow(500);
  const left = Math.ceil((Date.parse(item.notBefore ?? '') - now) / 1000);
  if (!(left > 0) || item.state !== 'queued') return <PendingActionNote item={item} />;
  const target = (item.payload as AdminAction).target;
  return (
    <Note data-testid="pending-action" data-state="held" $failed={false}>
      <span role="status">
        {target === 'rejected'
          ? _('Rejecting in {seconds} s — nothing sent yet', { seconds: left })
          : _('Moving to {target} in {seconds} s — nothing sent yet', { target: _(target), seconds: left })}
      </span>
      <Button type="button" $variant="secondary" onClick={() => void undo(item.id, item.title)}>
        {_('Undo')}
      </Button>
    </Note>
  );
}

const Note = styled.div<{ $failed: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme, $failed }) => ($failed ? theme.color.danger : theme.color.warning)};
  font-size: 0.875rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;
