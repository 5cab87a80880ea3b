import * as z from 'zod/mini';
import { CONVERSATION_KINDS } from '../record-kind';
import { IdParam, MAX_ID } from './common';
import { ImageDataUrl } from './submissions';

/** The deals that have a conversation (issue 28, DESIGN §13): a purchase request, or a submission with its pickup. */
export const CONVERSATION_SUBJECTS = CONVERSATION_KINDS;
export const ConversationSubject = z.enum(CONVERSATION_SUBJECTS, 'A conversation is about a purchase-request or a submission');
export type ConversationSubject = z.infer<typeof ConversationSubject>;

/** The longest message, in characters (code points, so an emoji counts once). */
export const MAX_MESSAGE_LENGTH = 1000;
export const MESSAGE_TOO_LONG_TEXT = `A message is at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters`;
export const MESSAGE_EMPTY_TEXT = 'Write a message or add a photo';

/** Characters as a person counts them: code points, not UTF-16 units. */
export const messageLength = (text: string) => [...text].length;

/**
 * A message's text, kept exactly as written (never trimmed or reformatted: it is shown as plain text). At least one
 * character that is not a space; NUL cannot be stored by PostgreSQL, so it is refused on both engines.
 */
export const MessageText = z.string('body must be text').check(
  z.refine((text) => messageLength(text) <= MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG_TEXT),
  z.refine((text) => text.trim().length > 0, MESSAGE_EMPTY_TEXT),
  z.refine((text) => !text.includes('\u0000'), 'A message cannot contain a NUL character'),
);

/** POST /api/conversations/{subject}/{id}/messages: text, a photo, or both. */
export const SendMessageBody = z
  .object({
    body: z.optional(z.nullable(MessageText)),
    photo: z.optional(z.nullable(ImageDataUrl)),
  })
  .check(z.refine((value) => !!value.body || !!value.photo, { message: MESSAGE_EMPTY_TEXT, path: ['body'] }));
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const AUTHOR_ROLES = ['player', 'admin'] as const;

/** One message of a thread; a player sees admins as "Admin". `mine` is the viewer's own message. */
export const ConversationMessage = z.object({
  id: z.number(),
  authorName: z.string(),
  authorRole: z.enum(AUTHOR_ROLES),
  body: z.nullable(z.string()),
  photoUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;
export const ConversationMessages = z.array(ConversationMessage);

/** A thread's page: the newest messages first asked for (DESIGN §13), oldest first within the page. */
export const MESSAGES_PAGE_SIZE = 50;
export const MAX_MESSAGES_PAGE_SIZE = 200;
const LIMIT_TEXT = `limit must be a whole number from 1 to ${MAX_MESSAGES_PAGE_SIZE}`;

/** GET …/messages?before={id}&limit=: the `limit` messages before message `before` (the newest ones without it). */
export const MessagesQuery = z.object({
  before: z.optional(IdParam),
  limit: z.optional(
    z.pipe(
      z.string(LIMIT_TEXT).check(
        z.regex(/^[1-9][0-9]{0,2}$/, LIMIT_TEXT),
        z.refine((value) => Number(value) <= MAX_MESSAGES_PAGE_SIZE, LIMIT_TEXT),
      ),
      z.transform(Number),
    ),
  ),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** The most messages a person posts in a minute, across every thread (DESIGN §13); beyond it, 429 with Retry-After. */
export const MESSAGES_PER_MINUTE = 30;
/** The 429's message: what to do, and when. */
export const messageRateText = (seconds: number) =>
  `You are sending messages too fast (at most ${MESSAGES_PER_MINUTE} a minute). Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, then send it again.`;

/** POST …/read: everything up to this message id is read by the session user. */
export const MarkReadBody = z.object({
  upTo: z.int('upTo must be a message id').check(z.gte(0, 'upTo must be a message id'), z.lte(MAX_ID, 'upTo must be a message id')),
});
export type MarkReadBody = z.infer<typeof MarkReadBody>;

/** GET /api/conversations/unread: messages from the other side not yet read, per thread. */
export const UnreadCounts = z.object({
  total: z.number(),
  threads: z.array(z.object({ subjectType: ConversationSubject, subjectId: z.number(), count: z.number() })),
});
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/** The quick replies admins tap (GET /api/conversations/quick-replies); the super admin edits the list. */
export const MAX_QUICK_REPLIES = 12;
export const QUICK_REPLY_MAX_LENGTH = 200;
export const QuickReplies = z.array(z.string());
export const PutQuickRepliesBody = z.object({
  replies: z
    .array(
      z
        .string('Each quick reply is text')
        .check(
          z.trim(),
          z.minLength(1, 'A quick reply cannot be empty'),
          z.maxLength(QUICK_REPLY_MAX_LENGTH, `A quick reply is at most ${QUICK_REPLY_MAX_LENGTH} characters`),
        ),
    )
    .check(z.maxLength(MAX_QUICK_REPLIES, `At most ${MAX_QUICK_REPLIES} quick replies`)),
});
export type PutQuickRepliesBody = z.infer<typeof PutQuickRepliesBody>;

/** The socket's NEW_MESSAGE payload: which thread, and the message as its receiver sees it. */
export const NewMessagePayload = z.object({
  subjectType: ConversationSubject,
  subjectId: z.number(),
  message: ConversationMessage,
});
export type NewMessagePayload = z.infer<typeof NewMessagePayload>;
