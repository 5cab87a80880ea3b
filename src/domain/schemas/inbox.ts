import * as z from 'zod/mini';
import { RecordId } from './common';

/** One thing the app told the player (the same event as its push notification). */
export const InboxItem = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** The screen it is about, a same-origin path. */
  url: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;

/** GET /api/inbox: unread first, then newest first; at most the last 100. */
export const InboxAnswer = z.object({ unread: z.number(), items: z.array(InboxItem) });
export type InboxAnswer = z.infer<typeof InboxAnswer>;

/** POST /api/inbox/read: marks read every item up to this id (all when left out). */
export const InboxReadBody = z.object({ upTo: z.optional(RecordId('upTo must be the id of an inbox item')) });
export type InboxReadBody = z.infer<typeof InboxReadBody>;

/** The most items the inbox answers. */
export const INBOX_LIMIT = 100;
