// A purchase request's notices (issue 30), in the recipient's language (issue 50).
import { messagesIn, type Reader } from '../../lib/i18n/messages';
import { clip, DAY, SCREENS, scheduleValues, toAdmins, usd, type Of, type PushNotice } from './notice-parts';

/** A new purchase request: every admin hears of it. */
export function newPurchaseNotices(message: Of<'NEW_PURCHASE_REQUEST'>, _ownerId: number | null, reader: Reader): PushNotice[] {
  const request = message.payload;
  const _ = messagesIn(reader.locale);
  return [
    toAdmins(
      `purchase-${request.id}`,
      SCREENS.adminPending,
      _('New purchase request'),
      _('Request #{id}: {count, plural, one {# item} other {# items}}, {total}.', {
        id: request.id,
        count: request.totalItems,
        total: usd(reader.locale, request.totalPrice),
      }),
    ),
  ];
}

/** A purchase request's new status: its player hears of an approval (the promised drop), a completion or a rejection. */
export function purchaseStatusNotices(message: Of<'PURCHASE_REQUEST_STATUS_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
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
