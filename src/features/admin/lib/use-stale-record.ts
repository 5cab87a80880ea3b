import { useIsMutating, useQuery } from '@tanstack/react-query';
import type { RecordKind } from '@/domain/record-kind';
import { pickupStatus } from '@/domain/state-machines';
import { historyQueryOptions } from '@/lib/history-query';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';

/** The record an open dialog acts on, and the status the admin saw when they opened it. */
export interface SeenRecord {
  type: RecordKind;
  id: number;
  status: string;
}

/** What changed underneath an open dialog: the record's status now, and who moved it there and when (once known). */
export interface StaleRecord {
  status: string;
  actorName: string | null;
  at: string | null;
}

/**
 * Issue 28: a dialog opened on a record that another admin then moved (a live update into the lists) must not act on
 * the old state. Reads the record's status from the cached lists (never fetching them here) and, when it differs from
 * what the admin saw, the last step of its history for who and when. Null while the record is as seen.
 */
export function useStaleRecord(seen: SeenRecord | null | undefined): StaleRecord | null {
  const purchase = useQuery({
    ...purchaseRequestsQueryOptions(),
    enabled: false,
    select: (list) => (seen?.type === 'purchase-request' ? list.find((r) => r.id === seen.id)?.status : undefined),
  });
  const submission = useQuery({
    ...itemSubmissionsQueryOptions(),
    enabled: false,
    select: (list) => (seen?.type === 'submission' ? list.find((s) => s.id === seen.id)?.status : undefined),
  });
  const pickup = useQuery({
    ...scheduledPickupsQueryOptions(),
    enabled: false,
    select: (list) => {
      if (seen?.type !== 'pickup') return undefined;
      const found = list.find((p) => p.id === seen.id);
      if (!found) return undefined;
      // A no-show recorded by another admin leaves the pickup 'scheduled' but ends its promise.
      return found.promiseStatus === 'no-show' && seen.status === 'scheduled' ? 'no-show' : pickupStatus(found);
    },
  });
  const now = seen?.type === 'purchase-request' ? purchase.data : seen?.type === 'submission' ? submission.data : pickup.data;
  // While this device is sending an action, a change in the lists is most likely that action's own (its answer, the
  // socket's note or the lists read again can come in any order): the dialog waits for its answer, which closes it on
  // success or names the other admin on a 409. Otherwise the form was swapped for "This changed" and its own success
  // callback never ran (seen: Schedule Item Collection stayed open over "Already scheduled by admin").
  const sending = useIsMutating() > 0;
  const stale = !!seen && !sending && now !== undefined && now !== seen.status;
  const history = useQuery({
    ...historyQueryOptions(seen?.type ?? 'pickup', seen?.id ?? 0),
    enabled: stale,
  });
  if (!stale || !seen) return null;
  const last = history.data?.at(-1);
  return { status: now!, actorName: last?.actorName ?? null, at: last?.at ?? null };
}
