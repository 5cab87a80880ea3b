import styled, { css } from 'styled-components';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format-date';
import { useLingui } from '@/lib/i18n/react';
import { countdownText, DUE_STATE_WORDS, type DueEntry } from '../lib/due-now';
import { ActionsOrPending } from './pending-action-note';

/** A promise this close (ms) is drawn amber: it is coming up. */
const SOON_MS = 60 * 60_000;

/** One promise of Due now: its countdown (or why it is still listed), the player, the items and the next action. */
export function DueRow({ entry, now, onAct }: { entry: DueEntry; now: number; onAct: (entry: DueEntry) => void }) {
  const { _ } = useLingui();
  const left = entry.dueAt - now;
  const tone = entry.state !== 'open' ? 'warning' : left <= 0 ? 'danger' : left <= SOON_MS ? 'warning' : 'info';
  const label = entry.kind === 'drop' ? _('Drop #{id}', { id: entry.id }) : _('Pickup #{id}', { id: entry.id });
  return (
    <Row data-testid="due-entry" data-tone={tone} data-state={entry.state}>
      {entry.state === 'open' ? (
        <Countdown $tone={tone} role="timer" aria-label={_('{label}: {countdown}', { label, countdown: countdownText(entry.dueAt, now) })}>
          {countdownText(entry.dueAt, now)}
        </Countdown>
      ) : (
        // Its promise ended (issue 47.7): no countdown, a mark saying why it is still here.
        <Settled $tone={tone} data-testid="due-state">
          {_(DUE_STATE_WORDS[entry.state])}
        </Settled>
      )}
      <What>
        <strong>
          {label} · {entry.player}
        </strong>
        <span>{entry.items}</span>
        <small>
          {entry.state === 'open'
            ? _('by {date}', { date: formatDateTime(new Date(entry.dueAt).toISOString()) })
            : _('was promised for {date}', { date: formatDateTime(new Date(entry.dueAt).toISOString()) })}
        </small>
      </What>
      <ActionsOrPending
        type={entry.kind === 'drop' ? 'purchase-request' : 'pickup'}
        id={entry.kind === 'drop' ? entry.id : entry.pickup.id}
      >
        <Button type="button" $variant="success" onClick={() => onAct(entry)}>
          {entry.kind === 'drop' ? _('Complete drop') : _('Mark collected')}
        </Button>
      </ActionsOrPending>
    </Row>
  );
}

const Row = styled.li`
  display: grid;
  grid-template-columns: 7.5rem 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  & > :last-child {
    min-height: 48px;
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr auto;
    & > :last-child {
      grid-column: 1 / -1;
    }
  }
`;

const Countdown = styled.span<{ $tone: 'danger' | 'warning' | 'info' }>`
  font-variant-numeric: tabular-nums;
  font-weight: 800;
  text-align: center;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid ${({ theme, $tone }) => theme.color[$tone]};
  ${({ theme, $tone }) =>
    $tone === 'danger'
      ? css`
          background: ${theme.color.danger};
          color: ${theme.color.text};
        `
      : css`
          color: ${theme.color[$tone]};
        `}
`;

const Settled = styled(Countdown)`
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1.2;
`;

const What = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  strong,
  span {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
