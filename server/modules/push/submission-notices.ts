// An item submission's and its pickup's notices (issue 30), in the recipient's language (issue 50).
import { messagesIn, type Reader } from '../../lib/i18n/messages';
import { clip, DAY, SCREENS, scheduleValues, toAdmins, type Of, type PushNotice } from './notice-parts';

/** A new item submission: every admin hears of it. */
export function newSubmissionNotices(message: Of<'NEW_ITEM_SUBMISSION'>, _ownerId: number | null, reader: Reader): PushNotice[] {
  const submission = message.payload;
  const _ = messagesIn(reader.locale);
  return [
    toAdmins(
      `submission-${submission.id}`,
      SCREENS.adminSubmissions,
      _('New item submission'),
      _('Submission #{id}: {item} × {quantity}.', { id: submission.id, item: clip(submission.ps5Name, 80), quantity: submission.quantity }),
    ),
  ];
}

/** An item submission declined: its player hears why. */
export function submissionStatusNotices(
  message: Of<'ITEM_SUBMISSION_STATUS_UPDATE'>,
  ownerId: number | null,
  reader: Reader,
): PushNotice[] {
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
export function pickupNotices(
  message: Of<'NEW_SCHEDULED_PICKUP' | 'PICKUP_STATUS_UPDATE'>,
  ownerId: number | null,
  reader: Reader,
): PushNotice[] {
  const pickup = message.payload;
  if (ownerId === null) return [];
  const _ = messagesIn(reader.locale);
  // A pickup read without its submission names no item: its sentences then say "your item".
  const item = pickup.submission ? clip(pickup.submission.ps5Name, 80) : null;
  const base = { to: { userId: ownerId }, topic: `pickup-${pickup.id}`, ttl: 7 * DAY } as const;
  const tag = `pickup-${pickup.id}`;
  const url = SCREENS.mySellRequests;
  /** A step the player is told of, not urged to act on: collected, then paid. */
  const told = (title: string, body: string): PushNotice[] => [{ ...base, urgency: 'normal', payload: { title, body, url, tag } }];
  if (pickup.paid)
    return told(
      _('You have been paid'),
      item ? _('The payment for {item} has been sent.', { item }) : _('The payment for your item has been sent.'),
    );
  if (pickup.collectedAt || pickup.completed)
    return told(
      _('Item collected'),
      item ? _('We have collected {item}. Payment follows.', { item }) : _('We have collected your item. Payment follows.'),
    );
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
