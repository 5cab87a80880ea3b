import type { AdminAction } from '@/lib/admin-action';
import { useOutboxItems, type OutboxView } from '@/lib/outbox/outbox-items';

/** The admin actions kept on this device (queued, failed, waiting for a login, or found already done). */
export function useAdminOutbox(): OutboxView[] {
  return useOutboxItems('admin');
}

/** The queued action on one record, if any: its card shows it in place of the buttons until it is sent. */
export function usePendingAction(type: AdminAction['subject']['type'], id: number | string): OutboxView | null {
  return (
    useAdminOutbox().find((item) => {
      const action = item.payload as AdminAction;
      return item.state !== 'done' && action.subject.type === type && action.subject.id === String(id);
    }) ?? null
  );
}
