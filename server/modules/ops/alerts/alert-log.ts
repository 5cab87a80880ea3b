import type { Tx } from '../../../db/scope';

/** The alerts claimed so far (table alert_log): a key is claimed once, by one process, ever. */
export const alertLog = {
  /** Claims `key`; true for the one caller that inserted it, false for every other (another process, a restart). */
  async claim(tx: Tx, key: string, event: string, at: string): Promise<boolean> {
    const inserted = await tx
      .kysely()
      .insertInto('alert_log')
      .values({ key, event, created_at: at })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    return inserted !== undefined;
  },
  /** Forgets claims older than `before`: no scan looks back that far, and new records' keys never come again. */
  async prune(tx: Tx, before: string): Promise<void> {
    await tx.kysely().deleteFrom('alert_log').where('created_at', '<', before).execute();
  },
};
