import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { INBOX_LIMIT, type InboxItem } from '../../../src/domain/schemas/inbox';
import type { PushPayload } from '../../../src/domain/push';

/** The inbox_items table. */
export const inboxRepository = {
  record: (tx: Tx, userId: number, payload: PushPayload, createdAt: string) =>
    tx
      .kysely()
      .insertInto('inbox_items')
      .values({ user_id: userId, title: payload.title, body: payload.body, url: payload.url, tag: payload.tag, created_at: createdAt })
      .execute(),

  /** Unread first, then newest first. */
  async list(tx: Tx, userId: number): Promise<{ unread: number; items: InboxItem[] }> {
    const rows = await tx
      .kysely()
      .selectFrom('inbox_items')
      .select(['id', 'title', 'body', 'url', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy(sql`CASE WHEN read_at IS NULL THEN 0 ELSE 1 END`)
      .orderBy('id', 'desc')
      .limit(INBOX_LIMIT)
      .execute();
    const counted = await tx
      .kysely()
      .selectFrom('inbox_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return {
      unread: Number(counted?.n ?? 0),
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        url: row.url,
        createdAt: row.created_at,
        read: row.read_at !== null,
      })),
    };
  },

  markRead: (tx: Tx, userId: number, upTo: number | undefined, at: string) => {
    let query = tx.kysely().updateTable('inbox_items').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (upTo !== undefined) query = query.where('id', '<=', upTo);
    return query.execute();
  },
};

/** The repository (inboxRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createInboxRepository() {
  return inboxRepository;
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
