import { describePromiseStatus, type PromiseStatus } from '@/domain/promise';
import { formatDateTime } from '@/lib/format-date';
import { MetaRow } from './meta-list';
import { useLingui } from '@/lib/i18n/react';

/** The promise of a drop or pickup: its status in words and, while open, the time it must be met by. */
export function PromiseRow({ status, promisedAt }: { status: PromiseStatus | null; promisedAt: string | null }) {
  const { _ } = useLingui();
  if (!status) return null;
  return (
    <MetaRow label={_('Promise')}>
      <span data-testid="promise-status" data-promise={status}>
        {status === 'open' && promisedAt
          ? _('{status} by {date}', { status: _(describePromiseStatus(status)), date: formatDateTime(promisedAt) })
          : _(describePromiseStatus(status))}
      </span>
    </MetaRow>
  );
}

/** Whether an admin may still reschedule or record a no-show: only while the promise is open (the server checks the deadline). */
export const promiseOpen = (status: PromiseStatus | null) => status === 'open';
