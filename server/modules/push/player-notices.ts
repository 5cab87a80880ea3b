// Notices for one player that no record's live update writes by itself (issue 47.5): store credit given, and a
// no-show recorded — in the player's language (issue 50), like every notice.
import { asCents } from '../../../src/domain/money';
import type { PromiseKind } from '../../../src/domain/record-kind';
import { momentIn, moneyIn } from '../../lib/i18n/intl';
import { messagesIn, type Reader } from '../../lib/i18n/messages';
import { storeTime } from '../history/audit';
import { DAY, ENGLISH, SCREENS, type PushNotice } from './notice-parts';

/** Why a player was given store credit: a promise the store missed, or a no-show of theirs disputed and upheld. */
export type CreditCause = 'missed' | 'dispute-upheld';

/** The notice for store credit given to a player: for a late drop or pickup, or for a no-show dispute upheld. */
export function creditNotice(
  userId: number,
  entryId: number,
  amountCents: number,
  kind: 'missed-drop' | 'missed-pickup',
  cause: CreditCause = 'missed',
  reader: Reader = ENGLISH,
): PushNotice {
  const _ = messagesIn(reader.locale);
  const amount = moneyIn(reader.locale, asCents(amountCents));
  const drop = kind === 'missed-drop';
  // Issue 47.5: an upheld dispute is named for what happened, not called a late drop.
  const upheld = cause === 'dispute-upheld';
  const body = upheld
    ? drop
      ? _('{amount} of store credit for your disputed drop no-show (the dispute was upheld). It is used at your next checkout.', { amount })
      : _('{amount} of store credit for your disputed pickup no-show (the dispute was upheld). It is used at your next checkout.', {
          amount,
        })
    : drop
      ? _('{amount} of store credit for a late drop. It is used at your next checkout.', { amount })
      : _('{amount} of store credit for a late pickup. It is used at your next checkout.', { amount });
  return {
    to: { userId },
    topic: `credit-${entryId}`,
    urgency: 'normal',
    ttl: 7 * DAY,
    payload: {
      title: upheld ? _('Dispute upheld: store credit added') : _('Store credit added'),
      body,
      url: drop ? SCREENS.myBuyRequests : SCREENS.mySellRequests,
      tag: `credit-${entryId}`,
    },
  };
}

/**
 * The notice of a recorded no-show (issue 47.5): the player hears it, with the time the 48 hours to dispute it end.
 * Both times are written in the store's time zone: in English as every time the server tells ('Mar 14, 4:30 PM'),
 * in another language its own way with the zone named.
 */
export function noShowNotice({
  userId,
  kind,
  subjectId,
  promiseId,
  promisedAt,
  disputeBy,
  reader = ENGLISH,
}: {
  userId: number;
  kind: PromiseKind;
  subjectId: number;
  promiseId: number;
  /** The promised instant (ISO). */
  promisedAt: string;
  /** The end of the 48 hours to dispute it (ISO). */
  disputeBy: string;
  reader?: Reader;
}): PushNotice {
  const _ = messagesIn(reader.locale);
  const moment = (iso: string) => (reader.locale === 'en' ? storeTime(iso, reader.timeZone) : momentIn(reader, new Date(iso)));
  const times = { id: subjectId, promisedAt: moment(promisedAt), disputeBy: moment(disputeBy) };
  const drop = kind === 'purchase-request';
  const tag = `no-show-${promiseId}`;
  return {
    to: { userId },
    topic: tag,
    urgency: 'high',
    ttl: 2 * DAY,
    payload: {
      title: drop ? _('No-show recorded for your drop') : _('No-show recorded for your pickup'),
      body: drop
        ? _(
            'The store recorded that you did not come to the drop of request #{id} (promised {promisedAt}). If you were there, dispute it in the app by {disputeBy}.',
            times,
          )
        : _(
            'The store recorded that you did not come to pickup #{id} (promised {promisedAt}). If you were there, dispute it in the app by {disputeBy}.',
            times,
          ),
      url: drop ? SCREENS.myBuyRequests : SCREENS.mySellRequests,
      tag,
    },
  };
}
