import { isImmediate } from '../../../src/domain/drop-schedule';
import { asCents, formatCents, formatUsd } from '../../../src/domain/money';
import type { SocketMessage, SocketMessageType } from '../../../src/domain/socket-messages';
import { MAX_PUSH_PAYLOAD_BYTES, type PushPayload } from '../../../src/domain/push';

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

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Where each kind of record is seen in the app; the service worker opens these on a click. */
export const SCREENS = {
  myBuyRequests: '/my-activity?tab=buy',
  mySellRequests: '/my-activity?tab=sell',
  adminPending: '/?admin=pending',
  adminSubmissions: '/?admin=submissions',
} as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'right away' for an Immediately schedule, else the date and (when set) the time as the admin entered them. */
export function describeSchedule(date: string | null, time: string | null, immediate: boolean): string {
  if (isImmediate({ scheduledDate: date, isImmediate: immediate })) return 'right away';
  if (!date) return 'soon';
  return time ? `on ${date} at ${time}` : `on ${date}`;
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
/** The notifications one type of message causes; `ownerId` is the record's owner (null when unknown). */
type NoticeRule<T extends SocketMessageType> = (message: Of<T>, ownerId: number | null) => PushNotice[];

/** A new purchase request: every admin hears of it. */
function newPurchaseNotices(message: Of<'NEW_PURCHASE_REQUEST'>): PushNotice[] {
  const request = message.payload;
  return [
    {
      to: 'admins',
      payload: {
        title: 'New purchase request',
        body: `Request #${request.id}: ${plural(request.totalItems, 'item')}, ${formatUsd(request.totalPrice)}.`,
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
function purchaseStatusNotices(message: Of<'PURCHASE_REQUEST_STATUS_UPDATE'>, ownerId: number | null): PushNotice[] {
  const request = message.payload;
  if (ownerId === null) return [];
  const base = { to: { userId: ownerId }, topic: `purchase-${request.id}`, ttl: 7 * DAY } as const;
  const tag = `purchase-${request.id}`;
  const url = SCREENS.myBuyRequests;
  const items = plural(request.totalItems, 'item');
  switch (request.status) {
    case 'approved':
      // A missed promise is told by its credit notice; a no-show is the player's own doing: neither is a new time.
      if (request.promiseStatus === 'missed' || request.promiseStatus === 'no-show') return [];
      return [
        {
          ...base,
          urgency: 'high',
          payload: {
            title: 'Purchase request approved',
            body: `Your order of ${items} (${formatUsd(request.totalPrice)}) will be dropped ${describeSchedule(request.scheduledDate, request.scheduledTime, request.isImmediateSchedule)}.`,
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
          payload: { title: 'Order completed', body: `Your order of ${items} has been dropped. Enjoy!`, url, tag },
        },
      ];
    case 'rejected':
      return [
        {
          ...base,
          urgency: 'normal',
          payload: {
            title: 'Purchase request rejected',
            body: request.rejectionReason
              ? `Your order of ${items} was rejected: ${clip(request.rejectionReason, 300)}`
              : `Your order of ${items} was rejected.`,
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
function newSubmissionNotices(message: Of<'NEW_ITEM_SUBMISSION'>): PushNotice[] {
  const submission = message.payload;
  return [
    {
      to: 'admins',
      payload: {
        title: 'New item submission',
        body: `Submission #${submission.id}: ${clip(submission.ps5Name, 80)} × ${submission.quantity}.`,
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
function submissionStatusNotices(message: Of<'ITEM_SUBMISSION_STATUS_UPDATE'>, ownerId: number | null): PushNotice[] {
  const submission = message.payload;
  if (ownerId === null || submission.status !== 'rejected') return [];
  const item = clip(submission.ps5Name, 80);
  return [
    {
      to: { userId: ownerId },
      topic: `submission-${submission.id}`,
      urgency: 'normal',
      ttl: 7 * DAY,
      payload: {
        title: 'Item submission declined',
        body: submission.rejectionReason
          ? `Your ${item} was declined: ${clip(submission.rejectionReason, 300)}`
          : `Your ${item} was declined.`,
        url: SCREENS.mySellRequests,
        tag: `submission-${submission.id}`,
      },
    },
  ];
}

/** A pickup scheduled or changed: its player hears when, then that it was collected, then that they were paid. */
function pickupNotices(message: Of<'NEW_SCHEDULED_PICKUP' | 'PICKUP_STATUS_UPDATE'>, ownerId: number | null): PushNotice[] {
  const pickup = message.payload;
  if (ownerId === null) return [];
  const item = pickup.submission ? clip(pickup.submission.ps5Name, 80) : 'your item';
  const base = { to: { userId: ownerId }, topic: `pickup-${pickup.id}`, ttl: 7 * DAY } as const;
  const tag = `pickup-${pickup.id}`;
  const url = SCREENS.mySellRequests;
  if (pickup.paid) {
    return [
      {
        ...base,
        urgency: 'normal',
        payload: { title: 'You have been paid', body: `The payment for ${item} has been sent.`, url, tag },
      },
    ];
  }
  if (pickup.collectedAt || pickup.completed) {
    return [
      {
        ...base,
        urgency: 'normal',
        payload: { title: 'Item collected', body: `We have collected ${item}. Payment follows.`, url, tag },
      },
    ];
  }
  if (pickup.promiseStatus === 'missed' || pickup.promiseStatus === 'no-show') return [];
  const when = describeSchedule(pickup.scheduledDate, pickup.scheduledTime, pickup.isImmediate);
  return [
    {
      ...base,
      urgency: 'high',
      payload: {
        title: message.type === 'NEW_SCHEDULED_PICKUP' ? 'Pickup scheduled' : 'Pickup updated',
        body: `We will pick up ${item} ${when}.`,
        url,
        tag,
      },
    },
  ];
}

/** A proposed new time: the other side hears of it, and a player hears how the store answered theirs. */
function proposalNotices(message: Of<'PROPOSAL_UPDATE'>, ownerId: number | null): PushNotice[] {
  const proposal = message.payload;
  const noun = proposal.subjectType === 'purchase-request' ? 'drop' : 'pickup';
  const url = proposal.subjectType === 'purchase-request' ? SCREENS.myBuyRequests : SCREENS.mySellRequests;
  const when = describeSchedule(proposal.scheduledDate, proposal.scheduledTime, proposal.isImmediate);
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
          title: `New ${noun} time proposed`,
          body: `Move your ${noun} to ${proposal.isImmediate ? 'right away' : `${proposal.scheduledDate} at ${proposal.scheduledTime}`}? Your current promised time stands until you accept.`,
          url,
          tag,
          proposalId: proposal.id,
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
          title: `A player proposed a new ${noun} time`,
          body: `${noun === 'drop' ? 'Request' : 'Pickup'} #${proposal.subjectId}: ${when}.`,
          url: noun === 'drop' ? '/?admin=approved' : '/?admin=pickups',
          tag,
        },
      },
    ];
  // The player hears how the store answered their own proposal.
  if (proposal.proposedByRole === 'player' && ownerId !== null && (proposal.status === 'accepted' || proposal.status === 'declined'))
    return [
      {
        ...base,
        to: { userId: ownerId },
        urgency: 'normal',
        payload: {
          title: proposal.status === 'accepted' ? `New ${noun} time accepted` : `New ${noun} time declined`,
          body:
            proposal.status === 'accepted'
              ? `Your ${noun} is now promised ${when}.`
              : `The store kept the time already promised for your ${noun}.`,
          url,
          tag,
        },
      },
    ];
  return [];
}

/** A message in a deal's conversation: the player hears an admin's, the admins hear a player's. */
function messageNotices(message: Of<'NEW_MESSAGE'>, ownerId: number | null): PushNotice[] {
  const { subjectType, subjectId, message: sent } = message.payload;
  const deal = subjectType === 'purchase-request' ? `request #${subjectId}` : `item #${subjectId}`;
  const tag = `message-${subjectType === 'purchase-request' ? 'purchase' : 'submission'}-${subjectId}`;
  // The first words; a photo alone says so.
  const body = sent.body ? clip(sent.body.replace(/\s+/g, ' ').trim(), 140) : 'Sent a photo.';
  if (sent.authorRole === 'admin') {
    if (ownerId === null) return [];
    return [
      {
        to: { userId: ownerId },
        topic: tag,
        urgency: 'high',
        ttl: DAY,
        payload: {
          title: `Admin about your ${deal}`,
          body,
          // Onto this deal's card with its Messages open.
          url: `${subjectType === 'purchase-request' ? SCREENS.myBuyRequests : SCREENS.mySellRequests}&thread=${subjectId}`,
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
        title: `Message about ${deal}`,
        body,
        url: subjectType === 'purchase-request' ? SCREENS.adminPending : SCREENS.adminSubmissions,
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
 * Maps a live-update message to the notifications it causes: one small rule per message type (NOTICES). The owner's
 * notices speak only of their own record; the admins' name no player (the app shows who, once opened). A message that
 * changes nothing worth telling (a pending record saved again, a cancellation by the player themself) maps to none.
 */
export function noticesFor(message: SocketMessage, ownerId: number | null): PushNotice[] {
  const rule = NOTICES[message.type] as NoticeRule<SocketMessageType> | undefined;
  return rule ? rule(message as never, ownerId) : [];
}

/** Why a player was given store credit: a promise the store missed, or a no-show of theirs disputed and upheld. */
export type CreditCause = 'missed' | 'dispute-upheld';

/** The notice for store credit given to a player: for a late drop or pickup, or for a no-show dispute upheld. */
export function creditNotice(
  userId: number,
  entryId: number,
  amountCents: number,
  kind: 'missed-drop' | 'missed-pickup',
  cause: CreditCause = 'missed',
): PushNotice {
  const noun = kind === 'missed-drop' ? 'drop' : 'pickup';
  // Issue 47.5: an upheld dispute is named for what happened, not called a late drop.
  const why = cause === 'dispute-upheld' ? `your disputed ${noun} no-show (the dispute was upheld)` : `a late ${noun}`;
  return {
    to: { userId },
    topic: `credit-${entryId}`,
    urgency: 'normal',
    ttl: 7 * DAY,
    payload: {
      title: cause === 'dispute-upheld' ? 'Dispute upheld: store credit added' : 'Store credit added',
      body: `${formatCents(asCents(amountCents))} of store credit for ${why}. It is used at your next checkout.`,
      url: kind === 'missed-drop' ? SCREENS.myBuyRequests : SCREENS.mySellRequests,
      tag: `credit-${entryId}`,
    },
  };
}

/**
 * The notice of a recorded no-show (issue 47.5): the player hears it, with the time the 48 hours to dispute it end
 * (`disputeBy`, already written in the store's time zone, as every time the server tells).
 */
export function noShowNotice({
  userId,
  kind,
  subjectId,
  promiseId,
  promisedAt,
  disputeBy,
}: {
  userId: number;
  kind: 'purchase-request' | 'pickup';
  subjectId: number;
  promiseId: number;
  /** The promised time, in the store's time zone. */
  promisedAt: string;
  disputeBy: string;
}): PushNotice {
  const noun = kind === 'purchase-request' ? 'drop' : 'pickup';
  const record = kind === 'purchase-request' ? `the drop of request #${subjectId}` : `pickup #${subjectId}`;
  const tag = `no-show-${promiseId}`;
  return {
    to: { userId },
    topic: tag,
    urgency: 'high',
    ttl: 2 * DAY,
    payload: {
      title: `No-show recorded for your ${noun}`,
      body:
        `The store recorded that you did not come to ${record} (promised ${promisedAt}). ` +
        `If you were there, dispute it in the app by ${disputeBy}.`,
      url: kind === 'purchase-request' ? SCREENS.myBuyRequests : SCREENS.mySellRequests,
      tag,
    },
  };
}

/** Declarative Web Push's marker (RFC 8030's number): a JSON message with it is shown by the browser itself. */
export const DECLARATIVE_WEB_PUSH = 8030;

/**
 * What a push message carries on the wire (issue 47.10). Safari 18.4+ (home-screen apps on iOS and iPadOS) shows a
 * Declarative Web Push message — `web_push: 8030` and a `notification` with `title`, `body` and `navigate` — without
 * waking the service worker, and navigates on a tap. Every other browser hands the same JSON to the service worker's
 * push handler, which reads the classic fields beside it (title, body, url, tag, proposalId: the PushPayload our
 * worker has always read) — so no browser gets a push that shows nothing (iOS revokes those subscriptions).
 *
 * WebKit parses `navigate` and `icon` as absolute URLs (no base: a path makes the whole message fail to parse), so
 * both are made of the app's origin; without one known, no icon is named. `app_badge` (the icon's count, set by the
 * browser for us) is read by WebKit inside `notification` and by the W3C draft at the top level: it goes in both.
 */
export function wireMessage(payload: PushPayload, { origin, appBadge }: { origin?: string; appBadge?: number } = {}) {
  const badge = appBadge !== undefined ? { app_badge: Math.max(0, Math.floor(appBadge)) } : {};
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: {
      title: payload.title,
      body: payload.body,
      // The app's own screen; a push never sends the app elsewhere.
      navigate: origin ? new URL(payload.url, origin).href : payload.url,
      tag: payload.tag,
      lang: 'en',
      dir: 'ltr' as const,
      silent: false,
      ...(origin ? { icon: new URL('/icons/icon-192.png', origin).href } : {}),
      data: { url: payload.url, ...(payload.proposalId ? { proposalId: payload.proposalId } : {}) },
      ...badge,
    },
    ...badge,
    ...payload,
  };
}

/** The encrypted body's text: `wireMessage` as JSON. */
export const wireBody = (payload: PushPayload, options: { origin?: string; appBadge?: number } = {}) =>
  JSON.stringify(wireMessage(payload, options));

/** Bytes kept free in a payload for the origin that makes `navigate` absolute. */
const ORIGIN_ALLOWANCE = 256;

/**
 * Makes a notice fit the payload limit by shortening its body (titles, URLs and tags are short by construction),
 * measured as it is sent: the declarative message with the classic fields beside it.
 */
export function fitted(notice: PushNotice): PushNotice {
  let { body } = notice.payload;
  // The origin added to `navigate` and the app badge when sent take at most a few hundred bytes: room is kept for them.
  while (Buffer.byteLength(wireBody({ ...notice.payload, body })) > MAX_PUSH_PAYLOAD_BYTES - ORIGIN_ALLOWANCE && body.length > 1) {
    body = `${body.slice(0, Math.floor(body.length * 0.8))}…`;
  }
  return body === notice.payload.body ? notice : { ...notice, payload: { ...notice.payload, body } };
}
