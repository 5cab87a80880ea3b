import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import type { PromiseStatus } from '@/domain/promise';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import { useNow } from '@/lib/use-now';
import { i18n } from '@/lib/i18n/i18n';

const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
const dayFormat = lazyDateFormat({ weekday: 'short', month: 'short', day: 'numeric' });

const HOUR_MS = 3600_000;

/** "4:30 PM today", "4:30 PM tomorrow" or "4:30 PM Sat, Mar 14" — the promised instant in the player's own clock. */
export function promiseWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = timeFormat.format(at);
  const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOfDay(at) - startOfDay(now)) / (24 * HOUR_MS));
  if (days === 0) return i18n._('{time} today', { time });
  if (days === 1) return i18n._('{time} tomorrow', { time });
  return i18n._('{time} {day}', { time, day: dayFormat.format(at) });
}

/** "42 min left", "1 min left" — the countdown shown in the last hour before the promised time. */
export function countdownText(iso: string, now: number): string | null {
  const left = Date.parse(iso) - now;
  if (left <= 0 || left > HOUR_MS) return null;
  return i18n._('{minutes} min left', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

/**
 * The promise as the player reads it (issue 28): "Drop promised by 4:30 PM today" on a purchase, "Pickup promised by
 * …" on a sell; a countdown in the last hour; after a miss, the credit it earned.
 */
export function PromiseLine({
  kind,
  promisedAt,
  status,
  credit,
}: {
  kind: 'drop' | 'pickup';
  promisedAt: string | null;
  status: PromiseStatus | null;
  /** The store credit a missed promise earned, as shown ("$1.75"), when known. */
  credit?: string | null;
}) {
  const { _ } = useLingui();
  const now = useNow(30_000);
  if (status === 'missed')
    return (
      <Line data-testid="promise-line" data-promise="missed">
        <strong>
          {promisedAt
            ? kind === 'drop'
              ? _('Drop missed its promised time ({when}).', { when: promiseWhen(promisedAt, new Date(now)) })
              : _('Pickup missed its promised time ({when}).', { when: promiseWhen(promisedAt, new Date(now)) })
            : kind === 'drop'
              ? _('Drop missed its promised time.')
              : _('Pickup missed its promised time.')}
        </strong>{' '}
        {credit
          ? _('{amount} of store credit was added to your balance.', { amount: credit })
          : _('Store credit was added to your balance.')}
      </Line>
    );
  if (status !== 'open' || !promisedAt) return null;
  const countdown = countdownText(promisedAt, now);
  const late = Date.parse(promisedAt) < now;
  return (
    <Line data-testid="promise-line" data-promise="open">
      <strong>
        {kind === 'drop'
          ? _('Drop promised by {when}', { when: promiseWhen(promisedAt, new Date(now)) })
          : _('Pickup promised by {when}', { when: promiseWhen(promisedAt, new Date(now)) })}
      </strong>
      {countdown && <Countdown> · {countdown}</Countdown>}
      {late && <Countdown> · {_('due now')}</Countdown>}
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
`;

const Countdown = styled.span`
  color: ${({ theme }) => theme.color.accent};
  font-weight: 700;
`;
