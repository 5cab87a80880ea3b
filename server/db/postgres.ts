import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Engine } from './engine';
import { transactions, type Isolation, type KyselyDb } from './scope';
import type { Tables } from './tables';

/**
 * Runs `fn` only if no other process is running the job of the same name (a session advisory lock, released after);
 * answers null without running it otherwise. A job that must run once across processes goes through here.
 */
export async function runExclusive<T>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]);
    if (!rows[0].locked) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
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

/** Distinct statements a process prepares by name at most; any beyond are parsed and planned each time, as before. */
const NAMED_STATEMENTS_MAX = 500;
const statementNames = new Map<string, string>();
/** Statements without values worth preparing: one query (no `;`), not BEGIN/COMMIT/SET, which are cheaper sent as text. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;

/**
 * A connection that prepares each statement once and runs it by name afterwards (node-postgres keeps the names it
 * prepared per connection). Unnamed, PostgreSQL parsed, analysed and planned every query again: the purchase list's
 * JSON query and the session lookup on every call, and the admins' push subscriptions (no values, ~240 µs of
 * planning per purchase) (issue 32, measured in docs/SCALING.md). `pool.query` passes a callback as a third argument
 * (the live notes' `pg_notify`, advisory locks): those are named too.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const withValues = Array.isArray(values) && (values.length > 0 || PREPARABLE.test(text as string));
    if ((args.length === 2 || (args.length === 3 && typeof callback === 'function')) && typeof text === 'string' && withValues) {
      let name = statementNames.get(text);
      if (!name && statementNames.size < NAMED_STATEMENTS_MAX) statementNames.set(text, (name = `bs${statementNames.size}`));
      if (name) return (super.query as (...rest: unknown[]) => unknown)({ name, text, values }, ...args.slice(2)) as never;
    }
    return (super.query as (...rest: unknown[]) => unknown)(...args) as never;
  }
}

/**
 * A pool whose idle connections may be closed by the server (a restart, a failover, an administrator): the pool drops
 * such a connection and opens another on the next query. Without a listener that error would end the process.
 */
export function postgresPool(url: string, max = 10, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: TYPES, Client: PreparingClient });
  pool.on('error', onIdleError);
  return pool;
}

export function postgresEngine(url: string, max?: number, onIdleError?: (error: Error) => void): Engine {
  const pool = postgresPool(url, max, onIdleError);
  const kysely = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    name: 'postgres',
    kysely,
    tx: transactions(kysely, 'postgres', (fn, isolation) => postgresTransaction(kysely, fn, isolation)),
    pool,
    sqlite: null,
    close: () => kysely.destroy(),
  };
}
/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const POSTGRES_ATTEMPTS = 20;

/**
 * PostgreSQL: SERIALIZABLE, so a rule checked inside a transaction (a status read before it moves, a balance before it
 * is spent) still holds at its commit even with other processes writing; a transaction that lost such a race is run
 * again from the start, a few times, with a short random pause. READ COMMITTED only where the caller asked for it
 * (`readCommitted()`); a deadlock is run again there too.
 */
async function postgresTransaction<T>(db: KyselyDb, fn: (kysely: KyselyDb) => Promise<T>, isolation: Isolation): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(fn);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= POSTGRES_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      // Serializable conflicts are also reported for neighbouring index entries: back off a little more each time.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
    }
  }
}
