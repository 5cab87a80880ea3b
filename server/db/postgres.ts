import { Kysely, PostgresDialect, type CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
import { backoffDelay } from '../../src/domain/backoff';
import type { Engine } from './engine';
import { transactions, type Isolation, type KyselyDb, type OpenTransaction } from './scope';
import type { Tables } from './tables';

/**
 * Runs `fn` only if no other process is running the job of the same name (a session advisory lock, released after);
 * answers null without running it otherwise. A job that must run once across processes goes through here.
 *
 * The lock is held on a connection of its own, opened for the run, not on one of the pool's: `fn`'s queries take the
 * pool's, and two jobs holding their locks on the only two connections of a small pool waited for a third forever,
 * every request of that process with them (tests/pg/background-jobs.test.ts).
 */
export async function runExclusive<T>(url: string, name: string, fn: () => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: url, application_name: 'blockspin_job' });
  // Lost while the job runs (a restart), the lock ends with it; the job's own queries report their errors.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]);
    if (!rows[0].locked) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when `url` names a PostgreSQL database (`postgres://` or `postgresql://`). */
export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/**
 * PostgreSQL answers bigint and numeric as strings (they can exceed a double). Here every bigint is epoch
 * milliseconds or cents and every numeric a price with two decimals, all far inside a double's exact range, so they
 * are read as numbers and the services see what SQLite gives them.
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A pool whose idle connections may be closed by the server (a restart, a failover, an administrator): the pool drops
 * such a connection and opens another on the next query. Without a listener that error would end the process.
 */
export function postgresPool(url: string, max = 10, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: TYPES });
  pool.on('error', onIdleError);
  // A connection lost while it is checked out between two statements (a backend crash makes PostgreSQL end every
  // connection while it recovers) is reported as an error event of its client, which the pool only listens to while
  // the client is idle: unheard, it ended the process (tests/pg/durability.test.ts). Nothing is to be done here: the
  // transaction fails on its next statement, its call answers 503 (server/lib/error-handler.ts), and the pool drops
  // the connection on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Distinct statements a process names at most; any beyond run unnamed (parsed and planned each time). */
const NAMED_MAX = 500;
const names = new Map<string, string>();
/** Statements worth naming: queries, not transaction control (`start transaction …`, `commit`, `rollback`). */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A query as pg's documented `{ name, text, values }`: pg prepares a named statement once per connection and runs it
 * by name afterwards, so PostgreSQL parses and plans it once. `npm run bench engines` (issue 46, 2026-11-28): the
 * database's CPU per request fell from 210 to 97-113 µs for a list read and from 1,600 to 777-863 µs for a purchase.
 */
function statement(text: string, values: unknown[]): pg.QueryConfig {
  if (!NAMEABLE.test(text)) return { text, values };
  let name = names.get(text);
  if (!name && names.size < NAMED_MAX) names.set(text, (name = `bs${names.size}`));
  return name ? { name, text, values } : { text, values };
}

/**
 * A query failed because its connection did (no SQLSTATE: a reset socket; 08: connection exception; 57P: the server
 * shutting the backend down): the connection must not go back to the pool.
 */
const connectionLost = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57P');
};

/**
 * The pool as Kysely sees it: each checked-out connection is released with an error (so that pg's pool closes it)
 * when one of its queries lost the connection. Kysely releases without one, and a transaction whose backend was
 * ended under it went back to the pool, failing the next call too.
 */
function releasingPool(pool: pg.Pool) {
  return {
    async connect() {
      const client = await pool.connect();
      let lost: Error | undefined;
      return {
        query: (text: string, values: unknown[]) =>
          client.query(statement(text, values)).catch((error: Error) => {
            if (connectionLost(error)) lost = error;
            throw error;
          }),
        release: () => client.release(lost),
      };
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

export function postgresEngine(url: string, max?: number, onIdleError?: (error: Error) => void): Engine {
  const pool = postgresPool(url, max, onIdleError);
  const kysely = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: releasingPool(pool) }) });
  return {
    name: 'postgres',
    kysely,
    tx: transactions(kysely, 'postgres', (fn, isolation) => postgresTransaction(kysely, fn, isolation), runOn(pool)),
    pool,
    sqlite: null,
    close: () => kysely.destroy(),
  };
}

/**
 * Runs a compiled query outside any transaction straight through the pool (pg's documented `query(config)`),
 * answering what Kysely's PostgreSQL connection would: the affected rows of a write, and the rows.
 */
function runOn(pool: pg.Pool) {
  return <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> =>
    pool.query(statement(query.sql, query.parameters as unknown[])).then(({ command, rowCount, rows }) => {
      const write = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { numAffectedRows: write ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
    });
}

/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const POSTGRES_ATTEMPTS = 20;
/** A retried transaction waits a random part of this, 1 ms doubled each try up to 100 ms. */
const TRANSACTION_BACKOFF = { firstMs: 1, maxMs: 100 };

/**
 * PostgreSQL: SERIALIZABLE, so a rule checked inside a transaction (a status read before it moves, a balance before it
 * is spent) still holds at its commit even with other processes writing; a transaction that lost such a race is run
 * again from the start, a few times, with a short random pause. READ COMMITTED only where the caller asked for it
 * (`readCommitted()`); a deadlock is run again there too. Each attempt is Kysely's own transaction (BEGIN, the
 * statements on one pooled connection, COMMIT, or ROLLBACK on any error), issue 46: no driver internals.
 */
async function postgresTransaction<T>(kysely: KyselyDb, fn: (open: OpenTransaction) => Promise<T>, isolation: Isolation): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // The transaction's own failure: Kysely reports a failed ROLLBACK instead (a connection lost under it).
    let failed: { error: unknown } | null = null;
    try {
      return await kysely
        .transaction()
        .setIsolationLevel(isolation)
        .execute((trx) =>
          fn({ kysely: () => trx, execute: (query) => trx.executeQuery(query) }).catch((error: unknown) => {
            failed = { error };
            throw error;
          }),
        );
    } catch (caught) {
      const error = (failed as { error: unknown } | null)?.error ?? caught;
      const code = (error as { code?: unknown }).code;
      if (attempt >= POSTGRES_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      // Serializable conflicts are also reported for neighbouring index entries: back off a little more each time.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * backoffDelay(TRANSACTION_BACKOFF, attempt)));
    }
  }
}
