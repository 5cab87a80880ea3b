import type { ConversationMessage, ConversationSubject } from '@/domain/schemas/conversations';
import { newIdempotencyKey } from '../idempotency-key';
import { newRecord, sendOrQueue, type SendResult } from '../outbox/outbox';
import { sendMessageBody, type MessagePayload } from './send-message';

/**
 * Sends a message with a key chosen now. Offline, with no answer or a busy server it waits in the outbox (its photo as
 * a Blob) and the drain sends it exactly once; a refusal answers `refused` with the server's message.
 */
export function sendConversationMessage(input: {
  subject: ConversationSubject;
  id: number;
  body: string | null;
  photo: Blob | null;
  username: string;
}): Promise<SendResult<ConversationMessage>> {
  const payload: MessagePayload = { subjectType: input.subject, subjectId: input.id, body: input.body };
  const record = newRecord(newIdempotencyKey(), 'message', input.username, payload, input.photo);
  return sendOrQueue(record, sendMessageBody);
}
