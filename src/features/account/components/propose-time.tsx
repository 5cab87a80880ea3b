import { useLingui } from '@/lib/i18n/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { Proposal, PromiseSubjectType } from '@/domain/schemas/deals';
import { ApiError, apiRequest } from '@/lib/api-client';

/** '2030-03-14T16:30' (a datetime-local value) → the store's '3/14/2030' and '4:30 PM'. */
export function toSchedule(local: string): { scheduledDate: string; scheduledTime: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return {
    scheduledDate: `${month}/${day}/${year}`,
    scheduledTime: `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`,
  };
}

/** The player asks for another time (issue 28): an admin accepts it; until then the promised time stands. */
export function ProposeTime({ subjectType, subjectId }: { subjectType: PromiseSubjectType; subjectId: number }) {
  const { _ } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const propose = useMutation({
    mutationFn: (schedule: { scheduledDate: string; scheduledTime: string }) =>
      apiRequest<Proposal>('/api/proposals', { method: 'POST', body: { subjectType, subjectId, ...schedule } }),
    onSuccess: () => setOpen(false),
    onSettled: () => queryClient.invalidateQueries(),
  });
  const schedule = toSchedule(value);
  const noun = subjectType === 'purchase-request' ? 'drop' : 'pickup';
  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => setOpen(true)}>
        {_('Ask for another time')}
      </Button>
      <Dialog
        open={open}
        title={`Ask for another ${noun} time`}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
              {_('Cancel')}
            </Button>
            <Button type="button" disabled={!schedule || propose.isPending} onClick={() => schedule && propose.mutate(schedule)}>
              {_('Send')}
            </Button>
          </>
        }
      >
        <Field>
          <label htmlFor={id}>{_('The time you would like (the store’s time zone)')}</label>
          <input id={id} type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
        <p>{_('An admin accepts or declines it. Until then the time already promised stands, with its store credit if it is missed.')}</p>
        {propose.error && (
          <Error role="alert">
            {propose.error instanceof ApiError
              ? (propose.error.serverMessage ?? propose.error.message)
              : _('Network error. Please try again.')}
          </Error>
        )}
      </Dialog>
    </>
  );
}

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1.5)};
  input {
    min-height: ${({ theme }) => theme.touch};
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
`;

const Error = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
