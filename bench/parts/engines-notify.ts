// The engines part's ceiling of live notes (issue 46): how many commits a second this machine's PostgreSQL takes when
// each one sends a `pg_notify`, as the app's writes do, against the same commits without one. PostgreSQL serialises
// the commits of notifying transactions on one lock for the whole cluster (taken before the commit, held until it is
// flushed), so that their notifications keep commit order: that lock, not the listeners, is the bus's limit.
import pg from 'pg';

const CHANNEL = 'bench_notify';
/** Writers at once, and how long each measurement runs. */
export const NOTIFY_WRITERS = Number(process.env.BENCH_NOTIFY_WRITERS ?? 16);
const NOTIFY_SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 5);
/** A purchase's note as the app sends it: the record carried, about 600 bytes. */
const PAYLOAD = JSON.stringify({ kind: 'record', type: 'NEW_PURCHASE_REQUEST', id: 1, owner: 2, carried: 'x'.repeat(560) });

export interface CommitRate {
  /** Commits a second with a `pg_notify` in each, one process listening. */
  notifying: number;
  /** The same transactions without it. */
  plain: number;
  /** Notifications the listener heard (every notifying commit's, or the measurement lost some). */
  heard: number;
  notified: number;
}

/** `NOTIFY_WRITERS` connections committing one insert each (with a `pg_notify` in the transaction when `notify`). */
async function commitsPerSecond(url: string, notify: boolean): Promise<{ rate: number; commits: number }> {
  const writers = await Promise.all(
    Array.from({ length: NOTIFY_WRITERS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  let commits = 0;
  const until = performance.now() + NOTIFY_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    writers.map(async (client) => {
      while (performance.now() < until) {
        await client.query('BEGIN');
        await client.query('INSERT INTO bench_notes (payload) VALUES ($1)', [PAYLOAD]);
        if (notify) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, PAYLOAD]);
        await client.query('COMMIT');
        commits += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(writers.map((client) => client.end()));
  return { rate: commits / seconds, commits };
}

/** Notifying and plain commits a second on a fresh database `url`, with one connection LISTENing as a process does. */
export async function notifyingCommits(url: string): Promise<CommitRate> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_notes (id bigserial PRIMARY KEY, payload text NOT NULL)');
  await setup.end();
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  let heard = 0;
  listener.on('notification', () => (heard += 1));
  await listener.query(`LISTEN ${CHANNEL}`);
  try {
    const plain = await commitsPerSecond(url, false);
    const notifying = await commitsPerSecond(url, true);
    // The last notifications are still on their way: a moment for them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { notifying: notifying.rate, plain: plain.rate, heard, notified: notifying.commits };
  } finally {
    await listener.end();
  }
}
