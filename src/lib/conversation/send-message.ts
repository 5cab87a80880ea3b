// How a conversation message reaches the server: one POST with the key chosen when it was written. The first send and
// the outbox drain (on the page and in the service worker) both go through it, so it uses no DOM-only APIs.
import type { ConversationMessage, ConversationSubject } from '@/domain/schemas/conversations';
import type { OutboxSender } from '../outbox/senders';
import type { RequestResult } from '../api/request';
import { photoToDataUrl } from '../outbox/transport';

/** What waits in the outbox for a message; its photo waits beside it as a Blob. */
export interface MessagePayload {
  subjectType: ConversationSubject;
  subjectId: number;
  body: string | null;
}

export const sendMessageBody: OutboxSender<ConversationMessage> = async (item, post) => {
  const { subjectType, subjectId, body } = item.payload as MessagePayload;
  const photo = item.photo ? await photoToDataUrl(item.photo) : null;
  return (await post(
    `/api/conversations/${subjectType}/${subjectId}/messages`,
    { ...(body ? { body } : {}), ...(photo ? { photo } : {}) },
    item.id,
  )) as RequestResult<ConversationMessage>;
};
