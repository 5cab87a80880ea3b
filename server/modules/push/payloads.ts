// What a closed app is told (issue 30), in the recipient's language (issue 50): every title and body is a message of
// locales/server, asked for by its English words, so English reads word for word as before.
import type { SocketMessageJson as SocketMessage, SocketMessageType } from '../../../src/domain/socket-messages';
import type { Reader } from '../../lib/i18n/messages';
import { messageNotices } from './message-notices';
import { ENGLISH, type NoticeRule, type PushNotice } from './notice-parts';
import { proposalNotices } from './proposal-notices';
import { newPurchaseNotices, purchaseStatusNotices } from './purchase-notices';
import { newSubmissionNotices, pickupNotices, submissionStatusNotices } from './submission-notices';

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
