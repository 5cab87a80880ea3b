import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import { subjectLabel, type PromiseSubject } from '../lib/promise-subject';
import { useReschedule } from '../api/reschedule';
import { APPROVAL_RANGES, approvalSchedule, EMPTY_SCHEDULE, PICKUP_RANGES, scheduleProblem } from '../lib/schedule';
import { describeSchedule } from '@/lib/schedule-words';
import { ScheduleFields } from './schedule-fields';
import { Stack } from './admin-layout';
import { FormActions } from './form-actions';
import { Muted } from './state-text';
import { useLingui } from '@/lib/i18n/react';

/**
 * Reschedule a drop or a pickup: the same fields as scheduling, sent as a proposal (issue 28) — the player accepts it,
 * and until then the current promise stands and its credit still runs.
 */
export function RescheduleDialog({ subject, onClose }: { subject: PromiseSubject | null; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={subject !== null}
      title={subject?.kind === 'pickup' ? _('Propose New Pickup Time') : _('Propose New Drop Time')}
      size="md"
      onClose={onClose}
    >
      {subject && (
        <RescheduleForm
          key={`${subject.kind}-${subject.kind === 'pickup' ? subject.pickup.id : subject.request.id}`}
          subject={subject}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function currentSchedule(subject: PromiseSubject): string {
  if (subject.kind === 'pickup') return describeSchedule(subject.pickup);
  const { request } = subject;
  return describeSchedule(request);
}

function RescheduleForm({ subject, onClose }: { subject: PromiseSubject; onClose: () => void }) {
  const { _ } = useLingui();
  const [fields, setFields] = useState(EMPTY_SCHEDULE);
  const reschedule = useReschedule();
  const ranges = subject.kind === 'pickup' ? PICKUP_RANGES : APPROVAL_RANGES;
  const problem = scheduleProblem(fields, ranges);
  const schedule = problem ? null : approvalSchedule(fields);
  const failure =
    reschedule.error instanceof ApiError
      ? (reschedule.error.serverMessage ?? reschedule.error.message)
      : reschedule.error
        ? _('Network error. Please try again.')
        : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!schedule) return;
        reschedule.mutate(
          {
            subject,
            schedule: {
              scheduledDate: schedule.scheduledDate,
              scheduledTime: schedule.scheduledTime,
              immediate: schedule.isImmediateSchedule,
            },
          },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack>
        <Muted>
          {_(
            '{subject} is promised for {when}. The new time you propose is sent to the player to accept; until they do, the current promise stands and its store credit still runs.',
            { subject: subjectLabel(subject).replace(/^./, (first) => first.toUpperCase()), when: currentSchedule(subject) },
          )}
        </Muted>
        <ScheduleFields value={fields} onChange={setFields} ranges={ranges} problem={problem} />
        {!schedule && !problem && <Muted>{_('Tick Immediately, or fill in the date and time, to confirm.')}</Muted>}
        {failure && <ErrorText role="alert">{failure}</ErrorText>}
        <FormActions>
          <Button type="button" $variant="secondary" $block onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button type="submit" $variant="success" $block disabled={!schedule || reschedule.isPending}>
            {_('Propose')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
