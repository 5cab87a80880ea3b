import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { adminPriceDisplay } from '@/domain/valuation';
import { useSchedulePickup } from '../api/schedule-pickup';
import { adminFailureText } from '../lib/alert-message';
import { MISSING_SCHEDULE_MS, PICKUP_RANGES, pickupSchedule, scheduleProblem } from '../lib/schedule';
import { useAdminAlert } from './admin-alert';
import { AgreedPriceField, checkAgreedPrice } from './agreed-price-field';
import { ScheduleFields } from './schedule-fields';
import { useStoreTimeZone } from '../api/store-settings';
import { defaultSchedule } from '../lib/store-time';
import { usePassingError } from '../lib/use-passing-error';
import { useStaleRecord } from '../lib/use-stale-record';
import { StaleDialogBody } from './stale-record-notice';
import { Stack } from './admin-layout';
import { FormActions } from './form-actions';
import { Muted } from './state-text';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';

/** Schedule Item Collection for a user submission: Immediately, or a full date (year 2024-2030) and time. */
export function SchedulePickupDialog({ submission, onClose }: { submission: ItemSubmission | null; onClose: () => void }) {
  const { _ } = useLingui();
  const stale = useStaleRecord(submission && { type: 'submission', id: submission.id, status: submission.status });
  return (
    <Dialog open={submission !== null} title={_('Schedule Item Collection')} size="md" onClose={onClose}>
      {stale ? (
        <StaleDialogBody stale={stale} onClose={onClose} />
      ) : (
        submission && <ScheduleForm key={submission.id} submission={submission} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ScheduleForm({ submission, onClose }: { submission: ItemSubmission; onClose: () => void }) {
  const { _ } = useLingui();
  const sellPriceOf = useSellPriceOf();
  const timeZone = useStoreTimeZone();
  // The next half hour in the store's zone: a drop or pickup soon is two taps (this, then Confirm).
  const [fields, setFields] = useState(() => defaultSchedule(Date.now(), timeZone));
  // The Missing Information error shows for 3 s.
  const missing = usePassingError(MISSING_SCHEDULE_MS);
  const schedule = useSchedulePickup();
  const alert = useAdminAlert();
  const problem = scheduleProblem(fields, PICKUP_RANGES, new Date(), timeZone);
  // An item the catalogue cannot price (Regular Pot, Other) needs the price agreed with the player: the credit uses it.
  const needsPrice =
    adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod ?? 'usd', 'Not set', sellPriceOf).cents === null;
  const [priceText, setPriceText] = useState('');
  const [priceTouched, setPriceTouched] = useState(false);
  const price = checkAgreedPrice(priceText);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The problem is already shown next to its field.
        if (problem) return;
        if (needsPrice && !price.ok) {
          setPriceTouched(true);
          return;
        }
        const result = pickupSchedule(fields);
        if (!result.ok) {
          missing.show(result.message);
          return;
        }
        schedule.mutate(
          {
            submissionId: submission.id,
            ...result.schedule,
            ...(needsPrice && price.ok ? { agreedPrice: price.value } : {}),
            itemName: submission.ps5Name,
          },
          {
            onSuccess: onClose,
            onError: (failure) => alert(adminFailureText(failure, _('Failed to schedule pickup'), _('Error scheduling pickup'))),
          },
        );
      }}
    >
      <Stack>
        <Muted>
          {_('Collect {quantity} × {item} from {player}.', {
            quantity: submission.quantity,
            item: submission.ps5Name,
            player: submission.submittedBy,
          })}
        </Muted>
        <ScheduleFields value={fields} onChange={setFields} ranges={PICKUP_RANGES} problem={problem} />
        {needsPrice && (
          <AgreedPriceField
            value={priceText}
            onChange={setPriceText}
            onBlur={() => setPriceTouched(true)}
            error={priceTouched && !price.ok ? price.message : null}
          />
        )}
        {missing.error && <ErrorBox role="alert">{_(missing.error)}</ErrorBox>}
        <FormActions>
          <Button type="button" $variant="secondary" $block onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button type="submit" $block disabled={schedule.isPending || problem !== null}>
            {_('Schedule')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

const ErrorBox = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.danger};
  background: #3a1520;
  font-weight: 600;
`;
