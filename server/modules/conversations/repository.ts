import { sql, type Selectable } from 'kysely';
import type { ConversationSubject } from '../../../src/domain/schemas/conversations';
import type { Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';

export type MessageRow = Selectable<Tables['conversation_messages']>;

/** A deal's column in `conversations`: the only place the subject names meet the tables. */
const COLUMN = { 'purchase-request': 'purchase_request_id', submission: 'submission_id' } as const;

export interface NewMessage {
  conversationId: number;
  authorId: number;
  authorName: string;
  authorRole: 'player' | 'admin';
  body: string | null;
  photoFile: string | null;
  thumbnailFile: string | null;
  createdAt: string;
}

export type UnreadRow = Pick<Selectable<Tables['conversations']>, 'purchase_request_id' | 'submission_id'> & { count: number };

/** Threads, their messages, read marks and the quick replies; in the caller's transaction when one is open. */
export const conversationsRepository = {
  /** The deal's owner (null when the account is gone); undefined when there is no such deal. */
  async ownerOf(tx: Tx, subject: ConversationSubject, id: number): Promise<{ ownerId: number | null } | undefined> {
    if (subject === 'purchase-request') {
      const row = await tx.kysely().selectFrom('purchase_requests').select('requester_id').where('id', '=', id).executeTakeFirst();
      return row && { ownerId: row.requester_id };
    }
    const row = await tx.kysely().selectFrom('item_submissions').select('submitter_id').where('id', '=', id).executeTakeFirst();
    return row && { ownerId: row.submitter_id };
  },

  /** The deal's thread id; undefined before its first message. */
  findThread: async (tx: Tx, subject: ConversationSubject, id: number): Promise<number | undefined> =>
    (await tx.kysely().selectFrom('conversations').select('id').where(COLUMN[subject], '=', id).executeTakeFirst())?.id,

  /** The deal's thread id, made on its first message (the unique column keeps it one per deal). */
  async threadFor(tx: Tx, subject: ConversationSubject, id: number, createdAt: string): Promise<number> {
    await tx
      .kysely()
      .insertInto('conversations')
      .values({ [COLUMN[subject]]: id, created_at: createdAt })
      .onConflict((oc) => oc.column(COLUMN[subject]).doNothing())
      .execute();
    return (await tx.kysely().selectFrom('conversations').select('id').where(COLUMN[subject], '=', id).executeTakeFirstOrThrow()).id;
  },

  /** The thread's newest `limit` messages before message `before` (the newest of all without it), oldest first. */
  async messagesPage(tx: Tx, threadId: number, before: number | null, limit: number): Promise<MessageRow[]> {
    let query = tx.kysely().selectFrom('conversation_messages').selectAll().where('conversation_id', '=', threadId);
    if (before !== null) query = query.where('id', '<', before);
    return ((await query.orderBy('id', 'desc').limit(limit).execute()) as MessageRow[]).reverse();
  },

  /**
   * Makes the author's other sends wait for this transaction (PostgreSQL: an advisory lock until it ends; SQLite has
   * one writer at a time already), so their count of recent messages and their insert are one step on every process.
   */
  async lockAuthor(tx: Tx, authorId: number): Promise<void> {
    if (tx.engine === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(hashtext('blockspin:message-rate'), ${authorId})`.execute(tx.kysely());
  },

  /** How many messages the author wrote after `since` (ISO time), and when the oldest of them was written. */
  async writtenSince(tx: Tx, authorId: number, since: string): Promise<{ count: number; oldest: string | null }> {
    const row = await tx
      .kysely()
      .selectFrom('conversation_messages')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('author_id', '=', authorId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
  },

  findMessage: async (tx: Tx, id: number): Promise<MessageRow | undefined> =>
    (await tx.kysely().selectFrom('conversation_messages').selectAll().where('id', '=', id).executeTakeFirst()) as MessageRow | undefined,

  async insertMessage(tx: Tx, message: NewMessage): Promise<MessageRow> {
    return (await tx
      .kysely()
      .insertInto('conversation_messages')
      .values({
        conversation_id: message.conversationId,
        author_id: message.authorId,
        author_name: message.authorName,
        author_role: message.authorRole,
        body: message.body,
        photo_file: message.photoFile,
        thumbnail_file: message.thumbnailFile,
        created_at: message.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as MessageRow;
  },

  /** The deal a message belongs to. */
  async subjectOfThread(tx: Tx, threadId: number): Promise<{ subject: ConversationSubject; id: number } | undefined> {
    const row = await tx
      .kysely()
      .selectFrom('conversations')
      .select(['purchase_request_id', 'submission_id'])
      .where('id', '=', threadId)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.purchase_request_id !== null
      ? { subject: 'purchase-request', id: row.purchase_request_id }
      : { subject: 'submission', id: row.submission_id! };
  },

  /** Moves the user's read mark forward to `upTo` (never back). */
  async markRead(tx: Tx, threadId: number, userId: number, upTo: number): Promise<void> {
    await tx
      .kysely()
      .insertInto('conversation_reads')
      .values({ conversation_id: threadId, user_id: userId, last_read_id: upTo })
      .onConflict((oc) =>
        oc.columns(['conversation_id', 'user_id']).doUpdateSet({
          last_read_id: sql`CASE WHEN excluded.last_read_id > conversation_reads.last_read_id THEN excluded.last_read_id ELSE conversation_reads.last_read_id END`,
        }),
      )
      .execute();
  },

  /**
   * Per thread, the messages written by the other side (`fromRole`) after the user's read mark; for a player only the
   * threads of their own deals.
   */
  async unread(tx: Tx, userId: number, fromRole: 'player' | 'admin', ownDealsOnly: boolean): Promise<UnreadRow[]> {
    const rows = await sql<UnreadRow>`
      SELECT c.purchase_request_id, c.submission_id, COUNT(*) AS count
      FROM conversation_messages m
      JOIN conversations c ON c.id = m.conversation_id
      LEFT JOIN conversation_reads r ON r.conversation_id = m.conversation_id AND r.user_id = ${userId}
      LEFT JOIN purchase_requests p ON p.id = c.purchase_request_id
      LEFT JOIN item_submissions s ON s.id = c.submission_id
      WHERE m.author_role = ${fromRole}
        AND m.id > COALESCE(r.last_read_id, 0)
        AND (${ownDealsOnly ? 1 : 0} = 0 OR p.requester_id = ${userId} OR s.submitter_id = ${userId})
      GROUP BY c.purchase_request_id, c.submission_id`.execute(tx.kysely());
    return rows.rows.map((row) => ({ ...row, count: Number(row.count) }));
  },

  /** The thread whose message names a stored photo, for who may see it. */
  threadOfFile: async (tx: Tx, file: string): Promise<number | undefined> =>
    (
      await tx
        .kysely()
        .selectFrom('conversation_messages')
        .select('conversation_id')
        .where((eb) => eb.or([eb('photo_file', '=', file), eb('thumbnail_file', '=', file)]))
        .limit(1)
        .executeTakeFirst()
    )?.conversation_id,

  quickReplies: async (tx: Tx): Promise<string[]> =>
    (await tx.kysely().selectFrom('quick_replies').select('body').orderBy('position').execute()).map((row) => row.body),

  async replaceQuickReplies(tx: Tx, replies: string[]): Promise<void> {
    await tx.kysely().deleteFrom('quick_replies').execute();
    if (replies.length === 0) return;
    await tx
      .kysely()
      .insertInto('quick_replies')
      .values(replies.map((body, index) => ({ position: index + 1, body })))
      .execute();
  },
};

/** The repository (conversationsRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createConversationsRepository() {
  return conversationsRepository;
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
