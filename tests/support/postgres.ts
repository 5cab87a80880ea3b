import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates an empty database on the run's PostgreSQL and answers its URL; `drop` removes it (closing what is left). */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs `step` until PostgreSQL's current snapshot stayed put across it, at most 50 times, and answers the last run's
 * result or throws its failure. Transaction ids, and so snapshots, are the whole cluster's: a commit in another test
 * file's database (the suite runs several at once on one PostgreSQL) moves this database's snapshot too, and a kept
 * read is then rightly read again. A step that expects no read is therefore judged only in a quiet moment; a failure
 * in one is a real one. `watcher` is a connection of its own, outside any transaction.
 */
export async function whileClusterQuiet<T>(watcher: pg.Client, step: () => Promise<T>): Promise<T> {
  const snapshot = async () => (await watcher.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s')).rows[0]!.s;
  for (let attempt = 1; ; attempt++) {
    const before = await snapshot();
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await step() };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if ((await snapshot()) === before || attempt === 50) {
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    }
  }
}
