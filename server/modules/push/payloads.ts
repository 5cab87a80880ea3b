// What a closed app is told (issue 30), in the recipient's language (issue 50): every title and body is a message of
// locales/server, asked for by its English words, so English reads word for word as before.
import { isImmediate } from '../../../src/domain/drop-schedule';
import { DEFAULT_LOCALE, type Locale } from '../../../src/domain/locale';
import { formatUsd, toCents } from '../../../src/domain/money';
import type { PushPayload } from '../../../src/domain/push';
import { parseSchedule } from '../../../src/domain/schedule-date';
import type { SocketMessage, SocketMessageType } from '../../../src/domain/socket-messages';
import { DateTime } from 'luxon';
import { clockIn, dateIn, moneyIn } from '../../lib/i18n/intl';
import { messagesIn, type Reader } from '../../lib/i18n/messages';

/** Who a notification goes to: one player's devices, or every admin's. */
export type PushAudience = { userId: number } | 'admins';

export interface PushNotice {
  to: PushAudience;
  payload: PushPayload;
  /** Replaces an undelivered message with the same topic at the push service (≤ 32 URL-safe base64 characters). */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
}

/** English, with times in UTC: what a notice says when no reader is named (tests, and English has no zone to name). */
export const ENGLISH: Reader = { locale: DEFAULT_LOCALE, timeZone: 'UTC' };

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Where each kind of record is seen in the app; the service worker opens these on a click. */
export const SCREENS = {
  myBuyRequests: '/my-activity?tab=buy',
  mySellRequests: '/my-activity?tab=sell',
  adminPending: '/?admin=pending',
  adminSubmissions: '/?admin=submissions',
} as const;

/** A USD amount of the API's (dollars) as the reader writes money; English as the API writes it. */
const usd = (locale: Locale, dollars: number) => (locale === 'en' ? formatUsd(dollars) : moneyIn(locale, toCents(dollars)));

/**
 * The values of a schedule for the messages' `{when, select, now {…} date {…} time {…} other {…}}`: English keeps the
 * date and time as the admin entered them; another language writes them its own way, from the promised instant (or
 * the entered wall time read in the store's zone), with the store's zone named.
 */
export function scheduleValues(
  reader: Reader,
  schedule: { date: string | null; time: string | null; immediate: boolean; promisedAt?: string | null },
): { when: 'now' | 'soon' | 'date' | 'time'; date?: string; time?: string } {
  const { date, time } = schedule;
  if (isImmediate({ scheduledDate: date, isImmediate: schedule.immediate })) return { when: 'now' };
  if (!date) return { when: 'soon' };
  if (reader.locale === 'en') return time ? { when: 'time', date, time } : { when: 'date', date };
  const parsed = parseSchedule(date, time || '12:00 PM');
  const wall = parsed.ok && parsed.value ? DateTime.fromObject(parsed.value, { zone: reader.timeZone }) : null;
  const at = schedule.promisedAt ? new Date(schedule.promisedAt) : wall?.isValid ? wall.toJSDate() : null;
  if (!at) return time ? { when: 'time', date, time } : { when: 'date', date };
  return time ? { when: 'time', date: dateIn(reader, at), time: clockIn(reader, at) } : { when: 'date', date: dateIn(reader, at) };
}

/** Keeps a text under `max` characters, cut at a word where possible. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The socket message of one type. */
type Of<T extends SocketMessageType> = Extract<SocketMessage, { type: T }>;
/**
 * The notifications one type of message causes, written for `reader`; `ownerId` is the record's owner (null when
 * unknown). The service asks once for the owner's notices in the owner's language and once per admins' language.
 */
type NoticeRule<T extends SocketMessageType> = (message: Of<T>, ownerId: number | null, reader: Reader) => PushNotice[];

/** A new purchase request: every admin hears of it. */
function newPurchaseNotices(message: Of<'NEW_PURCHASE_REQUEST'>, _ownerId: number | null, reader: Reader): PushNotice[] {
  const request = message.payload;
  const _ = messagesIn(reader.locale);
  return [
    {
      to: 'admins',
      payload: {
        title: _('New purchase request'),
        body: _('Request #{id}: {count, plural, one {# item} other {# items}}, {total}.', {
          id: request.id,
          count: request.totalItems,
          total: usd(reader.locale, request.totalPrice),
        }),
        url: SCREENS.adminPending,
        tag: `purchase-${request.id}`,
      },
      topic: `purchase-${request.id}`,
      urgency: 'high',
      ttl: DAY,
    },
  ];
}

/** A purchase request's new status: its player hears of an approval (the promised drop), a completion or a rejection. */
function purchaseStatusNotices(message: Of<'PURCHASE_REQUEST_STATUS_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const request = message.payload;
  if (ownerId === null) return [];
  const _ = messagesIn(reader.locale);
  const base = { to: { userId: ownerId }, topic: `purchase-${request.id}`, ttl: 7 * DAY } as const;
  const tag = `purchase-${request.id}`;
  const url = SCREENS.myBuyRequests;
  const count = request.totalItems;
  switch (request.status) {
    case 'approved':
      // A missed promise is told by its credit notice; a no-show is the player's own doing: neither is a new time.
      if (request.promiseStatus === 'missed' || request.promiseStatus === 'no-show') return [];
      return [
        {
          ...base,
          urgency: 'high',
          payload: {
            title: _('Purchase request approved'),
            body: _(
              'Your order of {count, plural, one {# item} other {# items}} ({total}) will be dropped {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.',
              {
                count,
                total: usd(reader.locale, request.totalPrice),
                ...scheduleValues(reader, {
                  date: request.scheduledDate,
                  time: request.scheduledTime,
                  immediate: request.isImmediateSchedule,
                  promisedAt: request.promisedAt,
                }),
              },
            ),
            url,
            tag,
          },
        },
      ];
    case 'completed':
      return [
        {
          ...base,
          urgency: 'normal',
          payload: {
            title: _('Order completed'),
            body: _('Your order of {count, plural, one {# item} other {# items}} has been dropped. Enjoy!', { count }),
            url,
            tag,
          },
        },
      ];
    case 'rejected':
      return [
        {
          ...base,
          urgency: 'normal',
          payload: {
            title: _('Purchase request rejected'),
            body: request.rejectionReason
              ? _('Your order of {count, plural, one {# item} other {# items}} was rejected: {reason}', {
                  count,
                  reason: clip(request.rejectionReason, 300),
                })
              : _('Your order of {count, plural, one {# item} other {# items}} was rejected.', { count }),
            url,
            tag,
          },
        },
      ];
    default:
      return [];
  }
}

/** A new item submission: every admin hears of it. */
function newSubmissionNotices(message: Of<'NEW_ITEM_SUBMISSION'>, _ownerId: number | null, reader: Reader): PushNotice[] {
  const submission = message.payload;
  const _ = messagesIn(reader.locale);
  return [
    {
      to: 'admins',
      payload: {
        title: _('New item submission'),
        body: _('Submission #{id}: {item} × {quantity}.', {
          id: submission.id,
          item: clip(submission.ps5Name, 80),
          quantity: submission.quantity,
        }),
        url: SCREENS.adminSubmissions,
        tag: `submission-${submission.id}`,
      },
      topic: `submission-${submission.id}`,
      urgency: 'high',
      ttl: DAY,
    },
  ];
}

/** An item submission declined: its player hears why. */
function submissionStatusNotices(message: Of<'ITEM_SUBMISSION_STATUS_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const submission = message.payload;
  if (ownerId === null || submission.status !== 'rejected') return [];
  const _ = messagesIn(reader.locale);
  const item = clip(submission.ps5Name, 80);
  return [
    {
      to: { userId: ownerId },
      topic: `submission-${submission.id}`,
      urgency: 'normal',
      ttl: 7 * DAY,
      payload: {
        title: _('Item submission declined'),
        body: submission.rejectionReason
          ? _('Your {item} was declined: {reason}', { item, reason: clip(submission.rejectionReason, 300) })
          : _('Your {item} was declined.', { item }),
        url: SCREENS.mySellRequests,
        tag: `submission-${submission.id}`,
      },
    },
  ];
}

/** A pickup scheduled or changed: its player hears when, then that it was collected, then that they were paid. */
function pickupNotices(message: Of<'NEW_SCHEDULED_PICKUP' | 'PICKUP_STATUS_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const pickup = message.payload;
  if (ownerId === null) return [];
  const _ = messagesIn(reader.locale);
  // A pickup read without its submission names no item: its sentences then say "your item".
  const item = pickup.submission ? clip(pickup.submission.ps5Name, 80) : null;
  const base = { to: { userId: ownerId }, topic: `pickup-${pickup.id}`, ttl: 7 * DAY } as const;
  const tag = `pickup-${pickup.id}`;
  const url = SCREENS.mySellRequests;
  if (pickup.paid) {
    return [
      {
        ...base,
        urgency: 'normal',
        payload: {
          title: _('You have been paid'),
          body: item ? _('The payment for {item} has been sent.', { item }) : _('The payment for your item has been sent.'),
          url,
          tag,
        },
      },
    ];
  }
  if (pickup.collectedAt || pickup.completed) {
    return [
      {
        ...base,
        urgency: 'normal',
        payload: {
          title: _('Item collected'),
          body: item ? _('We have collected {item}. Payment follows.', { item }) : _('We have collected your item. Payment follows.'),
          url,
          tag,
        },
      },
    ];
  }
  if (pickup.promiseStatus === 'missed' || pickup.promiseStatus === 'no-show') return [];
  const when = scheduleValues(reader, {
    date: pickup.scheduledDate,
    time: pickup.scheduledTime,
    immediate: pickup.isImmediate,
    promisedAt: pickup.promisedAt,
  });
  return [
    {
      ...base,
      urgency: 'high',
      payload: {
        title: message.type === 'NEW_SCHEDULED_PICKUP' ? _('Pickup scheduled') : _('Pickup updated'),
        body: item
          ? _('We will pick up {item} {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', {
              item,
              ...when,
            })
          : _('We will pick up your item {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', when),
        url,
        tag,
      },
    },
  ];
}

/** The buttons of a proposed time's notification, in the reader's language (the service worker shows them). */
function proposalActions(reader: Reader): NonNullable<PushPayload['actions']> {
  const _ = messagesIn(reader.locale);
  return [
    { action: 'accept', title: _('Accept') },
    { action: 'decline', title: _('Decline') },
  ];
}

/** A proposed new time: the other side hears of it, and a player hears how the store answered theirs. */
function proposalNotices(message: Of<'PROPOSAL_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const proposal = message.payload;
  const _ = messagesIn(reader.locale);
  const drop = proposal.subjectType === 'purchase-request';
  const url = drop ? SCREENS.myBuyRequests : SCREENS.mySellRequests;
  const when = {
    // A proposal names its date and time; the empty values only keep a malformed one from showing '{time}'.
    date: '',
    time: '',
    ...scheduleValues(reader, {
      date: proposal.scheduledDate,
      time: proposal.scheduledTime,
      immediate: proposal.isImmediate,
      promisedAt: proposal.promisedAt,
    }),
  };
  const tag = `proposal-${proposal.subjectType}-${proposal.subjectId}`;
  const base = { topic: tag, ttl: DAY } as const;
  if (proposal.status === 'open' && proposal.proposedByRole === 'admin') {
    if (ownerId === null) return [];
    return [
      {
        ...base,
        to: { userId: ownerId },
        urgency: 'high',
        payload: {
          title: drop ? _('New drop time proposed') : _('New pickup time proposed'),
          body: drop
            ? _(
                'Move your drop to {when, select, now {right away} other {{date} at {time}}}? Your current promised time stands until you accept.',
                when,
              )
            : _(
                'Move your pickup to {when, select, now {right away} other {{date} at {time}}}? Your current promised time stands until you accept.',
                when,
              ),
          url,
          tag,
          proposalId: proposal.id,
          actions: proposalActions(reader),
        },
      },
    ];
  }
  if (proposal.status === 'open')
    return [
      {
        ...base,
        to: 'admins',
        urgency: 'high',
        payload: {
          title: drop ? _('A player proposed a new drop time') : _('A player proposed a new pickup time'),
          body: drop
            ? _('Request #{id}: {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', {
                id: proposal.subjectId,
                ...when,
              })
            : _('Pickup #{id}: {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', {
                id: proposal.subjectId,
                ...when,
              }),
          url: drop ? '/?admin=approved' : '/?admin=pickups',
          tag,
        },
      },
    ];
  // The player hears how the store answered their own proposal.
  if (proposal.proposedByRole === 'player' && ownerId !== null && (proposal.status === 'accepted' || proposal.status === 'declined')) {
    const accepted = proposal.status === 'accepted';
    const title = drop
      ? accepted
        ? _('New drop time accepted')
        : _('New drop time declined')
      : accepted
        ? _('New pickup time accepted')
        : _('New pickup time declined');
    const promised = drop
      ? _('Your drop is now promised {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', when)
      : _('Your pickup is now promised {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', when);
    const kept = drop
      ? _('The store kept the time already promised for your drop.')
      : _('The store kept the time already promised for your pickup.');
    return [{ ...base, to: { userId: ownerId }, urgency: 'normal', payload: { title, body: accepted ? promised : kept, url, tag } }];
  }
  return [];
}

/** A message in a deal's conversation: the player hears an admin's, the admins hear a player's. */
function messageNotices(message: Of<'NEW_MESSAGE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const { subjectType, subjectId, message: sent } = message.payload;
  const _ = messagesIn(reader.locale);
  const purchase = subjectType === 'purchase-request';
  const tag = `message-${purchase ? 'purchase' : 'submission'}-${subjectId}`;
  // The first words; a photo alone says so.
  const body = sent.body ? clip(sent.body.replace(/\s+/g, ' ').trim(), 140) : _('Sent a photo.');
  if (sent.authorRole === 'admin') {
    if (ownerId === null) return [];
    return [
      {
        to: { userId: ownerId },
        topic: tag,
        urgency: 'high',
        ttl: DAY,
        payload: {
          title: purchase ? _('Admin about your request #{id}', { id: subjectId }) : _('Admin about your item #{id}', { id: subjectId }),
          body,
          // Onto this deal's card with its Messages open.
          url: `${purchase ? SCREENS.myBuyRequests : SCREENS.mySellRequests}&thread=${subjectId}`,
          tag,
        },
      },
    ];
  }
  return [
    {
      to: 'admins',
      topic: tag,
      urgency: 'high',
      ttl: DAY,
      payload: {
        title: purchase ? _('Message about request #{id}', { id: subjectId }) : _('Message about item #{id}', { id: subjectId }),
        body,
        url: purchase ? SCREENS.adminPending : SCREENS.adminSubmissions,
        tag,
      },
    },
  ];
}

const NOTICES: { [T in SocketMessageType]?: NoticeRule<T> } = {
  NEW_PURCHASE_REQUEST: newPurchaseNotices,
  PURCHASE_REQUEST_STATUS_UPDATE: purchaseStatusNotices,
  NEW_ITEM_SUBMISSION: newSubmissionNotices,
  ITEM_SUBMISSION_STATUS_UPDATE: submissionStatusNotices,
  NEW_SCHEDULED_PICKUP: pickupNotices,
  PICKUP_STATUS_UPDATE: pickupNotices,
  PROPOSAL_UPDATE: proposalNotices,
  NEW_MESSAGE: messageNotices,
};

/**
 * Maps a live-update message to the notifications it causes, written for `reader`: one small rule per message type
 * (NOTICES). The owner's notices speak only of their own record; the admins' name no player (the app shows who, once
 * opened). A message that changes nothing worth telling (a pending record saved again, a cancellation by the player
 * themself) maps to none.
 */
export function noticesFor(message: SocketMessage, ownerId: number | null, reader: Reader = ENGLISH): PushNotice[] {
  const rule = NOTICES[message.type] as NoticeRule<SocketMessageType> | undefined;
  return rule ? rule(message as never, ownerId, reader) : [];
}
