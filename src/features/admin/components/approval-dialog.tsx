import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { ApiError } from '@/lib/api-client';
import { useUpdatePurchaseStatus } from '../api/update-purchase-status';
import { APPROVAL_RANGES, approvalSchedule, scheduleProblem } from '../lib/schedule';
import { ScheduleFields } from './schedule-fields';
import { useStoreTimeZone } from '../api/store-settings';
import { defaultSchedule } from '../lib/store-time';
import { useStaleRecord } from '../lib/use-stale-record';
import { StaleDialogBody } from './stale-record-notice';
import { Stack } from './admin-layout';
import { FormActions } from './form-actions';
import { Muted } from './state-text';

/** Confirm Approval with drop scheduling: Immediately, or a full date and time; Confirm stays disabled until then. */
export function ApprovalDialog({ request, onClose }: { request: PurchaseRequest | null; onClose: () => void }) {
  const { _ } = useLingui();
  const stale = useStaleRecord(request && { type: 'purchase-request', id: request.id, status: request.status });
  return (
    <Dialog open={request !== null} title={_('Confirm Approval')} size="md" onClose={onClose}>
      {stale ? (
        <StaleDialogBody stale={stale} onClose={onClose} />
      ) : (
        request && <ApprovalForm key={request.id} request={request} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ApprovalForm({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { _ } = useLingui();
  const timeZone = useStoreTimeZone();
  // The next half hour in the store's zone: a drop or pickup soon is two taps (this, then Confirm).
  const [fields, setFields] = useState(() => defaultSchedule(Date.now(), timeZone));
  const update = useUpdatePurchaseStatus();
  const problem = scheduleProblem(fields, APPROVAL_RANGES, new Date(), timeZone);
  const schedule = problem ? null : approvalSchedule(fields);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!schedule) return;
        update.mutate(
          { id: request.id, body: { status: 'approved', expectedStatus: request.status, ...schedule } },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack>
        <Muted>
          {_('Approve request #{id} from {player} ({total}) once payment is received, and schedule the drop.', {
            id: request.id,
            player: request.requesterName,
            total: displayCents(request.totalPrice),
          })}
        </Muted>
        <ScheduleFields value={fields} onChange={setFields} ranges={APPROVAL_RANGES} problem={problem} />
        {!schedule && !problem && (
          <Muted id={`approve-${request.id}-hint`}>{_('Tick Immediately, or fill in the date and time, to confirm.')}</Muted>
        )}
        {update.isError && (
          <Muted role="alert">
            {update.error instanceof ApiError
              ? (update.error.serverMessage ?? update.error.message)
              : _('Network error. Please try again.')}
          </Muted>
        )}
        <FormActions>
          <Button type="button" $variant="secondary" $block onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button
            type="submit"
            $variant="success"
            $block
            disabled={!schedule || update.isPending}
            aria-describedby={!schedule && !problem ? `approve-${request.id}-hint` : undefined}
          >
            {_('Confirm')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
