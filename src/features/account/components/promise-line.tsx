import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import type { PromiseStatus } from '@/domain/promise';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import { useNow } from '@/lib/use-now';
import { i18n } from '@/lib/i18n/i18n';
import { deviceTimeZone, useStoreTimeZone } from '@/lib/api/store-settings';
import { CalendarIcon } from '@/components/icons';

const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
/** The same time with this device's zone named ("4:30 PM GMT-3"): shown when the store keeps another zone. */
const zonedTimeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const dayFormat = lazyDateFormat({ weekday: 'short', month: 'short', day: 'numeric' });

const HOUR_MS = 3600_000;

/**
 * "4:30 PM today", "4:30 PM tomorrow" or "4:30 PM Sat, Mar 14" — the promised instant in the player's own clock; with
 * `nameZone` (the store keeps another zone) the zone is named: "4:30 PM GMT-3 today".
 */
export function promiseWhen(iso: string, now: Date = new Date(), nameZone = false): string {
  const at = new Date(iso);
  const time = (nameZone ? zonedTimeFormat : timeFormat).format(at);
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
  calendarHref,
}: {
  kind: 'drop' | 'pickup';
  promisedAt: string | null;
  status: PromiseStatus | null;
  /** The store credit a missed promise earned, as shown ("$1.75"), when known. */
  credit?: string | null;
  /** Where the promised time is had as a calendar event (.ics), while the promise stands. */
  calendarHref?: string;
}) {
  const { _ } = useLingui();
  const now = useNow(30_000);
  // Times show in this device's clock; the zone is named when the store's differs (issue 50.4).
  const nameZone = useStoreTimeZone() !== deviceTimeZone();
  if (status === 'missed')
    return (
      <Line data-testid="promise-line" data-promise="missed">
        <strong>
          {promisedAt
            ? kind === 'drop'
              ? _('Drop missed its promised time ({when}).', { when: promiseWhen(promisedAt, new Date(now), nameZone) })
              : _('Pickup missed its promised time ({when}).', { when: promiseWhen(promisedAt, new Date(now), nameZone) })
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
  const line = (
    <Line data-testid="promise-line" data-promise="open">
      <strong>
        {kind === 'drop'
          ? _('Drop promised by {when}', { when: promiseWhen(promisedAt, new Date(now), nameZone) })
          : _('Pickup promised by {when}', { when: promiseWhen(promisedAt, new Date(now), nameZone) })}
      </strong>
      {countdown && <Countdown> · {countdown}</Countdown>}
      {late && <Countdown> · {_('due now')}</Countdown>}
    </Line>
  );
  if (!calendarHref || late) return line;
  return (
    <>
      {line}
      <CalendarLink href={calendarHref} download>
        <CalendarIcon size={16} />
        {_('Add to calendar')}
      </CalendarLink>
    </>
  );
}

const Line = styled.p`
  margin: 0;
`;

const CalendarLink = styled.a`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.color.primaryInk};
  font-weight: 700;
  white-space: nowrap;
`;

const Countdown = styled.span`
  color: ${({ theme }) => theme.color.accent};
  font-weight: 700;
`;
