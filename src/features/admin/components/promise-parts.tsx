import { describePromiseStatus, type PromiseStatus } from '@/domain/promise';
import { formatDateTime } from '@/lib/format-date';
import { MetaRow } from './meta-list';

/** The promise of a drop or pickup: its status in words and, while open, the time it must be met by. */
export function PromiseRow({ status, promisedAt }: { status: PromiseStatus | null; promisedAt: string | null }) {
  if (!status) return null;
  return (
    <MetaRow label="Promise">
      <span data-testid="promise-status" data-promise={status}>
        {describePromiseStatus(status)}
        {status === 'open' && promisedAt ? ` by ${formatDateTime(promisedAt)}` : ''}
      </span>
    </MetaRow>
  );
}

/** Whether an admin may still reschedule or record a no-show: only while the promise is open (the server checks the deadline). */
export const promiseOpen = (status: PromiseStatus | null) => status === 'open';
