// A deal's conversation's notices (issue 30), in the recipient's language (issue 50).
import { messagesIn, type Reader } from '../../lib/i18n/messages';
import { clip, DAY, SCREENS, type Of, type PushNotice } from './notice-parts';

/** A message in a deal's conversation: the player hears an admin's, the admins hear a player's. */
export function messageNotices(message: Of<'NEW_MESSAGE'>, ownerId: number | null, reader: Reader): PushNotice[] {
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
