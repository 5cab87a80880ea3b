import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format-date';
import { useNow } from '@/lib/use-now';
import { useLingui } from '@/lib/i18n/react';

/** Whether the promised time has come at `now` (a promise without a time, Immediately, has). */
export const promiseTimeCome = (promisedAt: string | null, now: number) => promisedAt === null || Date.parse(promisedAt) <= now;

/**
 * "Player did not show", usable only once the promised time has come (issue 52.5: it opened a dialog that could only
 * say "not yet"). A ticking clock turns it on while the screen stays open.
 */
export function NoShowButton({ promisedAt, onClick }: { promisedAt: string | null; onClick: () => void }) {
  const { _ } = useLingui();
  const hintId = useId();
  const now = useNow(1000);
  const come = promiseTimeCome(promisedAt, now);
  return (
    <Wrap>
      <Button type="button" $variant="ghost" disabled={!come} aria-describedby={come ? undefined : hintId} onClick={onClick}>
        {_('Player did not show')}
      </Button>
      {!come && <small id={hintId}>{_('From {date}', { date: formatDateTime(promisedAt) })}</small>}
    </Wrap>
  );
}

const Wrap = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: stretch;
  small {
    text-align: center;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
