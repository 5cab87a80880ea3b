import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import pg from 'pg';
import { statement, type Db } from './connection';
import type { Tables } from './tables';

export type EngineName = 'sqlite' | 'postgres';

/** Queries go through Kysely on either engine; `Q` is a database or a transaction of it. */
export type Q = Kysely<Tables>;

export interface Engine {
  name: EngineName;
  db: Q;
  tx: Transactions;
  /** The PostgreSQL pool (for LISTEN and advisory locks); null on SQLite. */
  pool: pg.Pool | null;
  /** The SQLite connection (read cache, group commit); null on PostgreSQL. */
  sqlite: Db | null;
  close(): Promise<void>;
}

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

/**
 * A transaction holds its connection across awaits. Two connections to one file in one process (two servers started
 * side by side, as the tests do) would then block each other inside SQLite's busy handler, which sleeps the only
 * thread the holder needs to finish: a deadlock until busy_timeout. Every connection to the same file in this process
 * therefore takes one shared lock in JavaScript, so they wait for each other without blocking the thread. The same
 * lock is what keeps one connection's queries out of another call's open transaction (Kysely's own SQLite driver
 * keeps a second mutex for that; one is enough, and each costs every query a few promises).
 */
class FileLock {
  private static readonly byFile = new Map<string, FileLock>();
  private held = false;
  private readonly waiting: (() => void)[] = [];
  private users = 0;

  static for(file: string): FileLock {
    let lock = FileLock.byFile.get(file);
    if (!lock) FileLock.byFile.set(file, (lock = new FileLock()));
    lock.users += 1;
    return lock;
  }

  static forget(file: string, lock: FileLock): void {
    lock.users -= 1;
    if (lock.users === 0) FileLock.byFile.delete(file);
  }

  /** Resolves once this caller holds the lock; a free lock is taken at once. */
  acquire(): Promise<void> | void {
    if (!this.held) {
      this.held = true;
      return;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** better-sqlite3 answers at once: each query runs synchronously, its statement prepared once (connection.ts). */
class SqliteConnection implements DatabaseConnection {
  constructor(private readonly sqlite: Db) {}

  /**
   * Runs the query at once; a failure is thrown, not returned as a rejection. With `first`, a read stops at its
   * first row (a lookup by a unique key: stepping on to prove there is no second one cost ~3 µs of a session lookup).
   */
  run<R>(compiled: CompiledQuery, first = false): QueryResult<R> {
    const prepared = statement(this.sqlite, compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (prepared.reader) {
      if (!first) return { rows: prepared.all(parameters) as R[] };
      const row = prepared.get(parameters) as R | undefined;
      return { rows: row === undefined ? [] : [row] };
    }
    const { changes, lastInsertRowid } = prepared.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.run<R>(compiled));
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used on SQLite');
  }
}

/**
 * Kysely's driver contract over one better-sqlite3 connection. With `lock`, each query outside a transaction takes
 * its file's lock; without it, the queries of the open transaction run at once (the transaction holds the lock).
 */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;

  constructor(
    sqlite: Db,
    private readonly lock: FileLock | null,
  ) {
    this.connection = new SqliteConnection(sqlite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock?.acquire();
    return this.connection;
  }

  // Transactions are begun by sqliteTransaction (below), never through Kysely's own transaction().
  async beginTransaction(): Promise<void> {
    throw new Error('SQLite transactions go through Transactions.run');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {
    this.lock?.release();
  }

  async destroy(): Promise<void> {}
}

class SqliteDriverDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: Db,
    private readonly lock: FileLock | null,
  ) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new SqliteDriver(this.sqlite, this.lock);
  }
}

/** Kysely over the better-sqlite3 connection the server already has open (same file, same pragmas). */
export function sqliteEngine(sqlite: Db): Engine {
  const lock = FileLock.for(sqlite.name);
  const db = new Kysely<Tables>({ dialect: new SqliteDriverDialect(sqlite, lock) });
  // One handle for whichever transaction is open: the file's lock lets only one be open at a time.
  const inTransaction = new Kysely<Tables>({ dialect: new SqliteDriverDialect(sqlite, null) });
  const connection = new SqliteConnection(sqlite);
  let closed = false;
  return {
    name: 'sqlite',
    db,
    tx: transactions(db, 'sqlite', (fn) => sqliteTransaction(lock, connection, inTransaction, fn), sqliteRunner(lock, connection)),
    pool: null,
    sqlite,
    // The connection belongs to the caller, which closes it after its last sync.
    close: async () => {
      if (!closed) FileLock.forget(sqlite.name, lock);
      closed = true;
    },
  };
}

export function postgresEngine(url: string, max?: number, onIdleError?: (error: Error) => void): Engine {
  const pool = postgresPool(url, max, onIdleError);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    name: 'postgres',
    db,
    tx: transactions(db, 'postgres', (fn, isolation) => postgresTransaction(db, fn, isolation)),
    pool,
    sqlite: null,
    close: () => db.destroy(),
  };
}

/**
 * Where the services' queries run: the database, or one open transaction of it. `tx.run(fn)` opens a transaction and
 * hands `fn` its own `Transactions`, bound to it; every query of the change goes through that one (repositories take
 * it as their first argument), so it commits or rolls back whole. Inside a transaction `run(fn)` joins it (a credit
 * written within a purchase's change commits or rolls back with it).
 *
 * The transaction is passed, not found: finding it through AsyncLocalStorage hooked every promise in the process
 * while one was open on Node 20, ~20 µs of a ~350 µs POST (server CPU per request, measured). On SQLite a query made
 * on the database while the same call chain holds a transaction waits for that transaction to end: passing the
 * wrong one shows as a call that never answers.
 */
export interface Transactions {
  /** For the few queries written per engine (JSON built in SQL, case-insensitive names). */
  engine: EngineName;
  /** Runs `fn` in a transaction (this one, when this is already a transaction). */
  run<T>(fn: (tx: Transactions) => Promise<T>): Promise<T>;
  /**
   * The same database, whose `run` opens READ COMMITTED transactions on PostgreSQL (SERIALIZABLE otherwise; SQLite has
   * one writer at a time either way). Only for a change whose rules all hold by constraints and locks, with no rule
   * checked by a read it later relies on: a purchase without credit is two inserts (issue 32).
   */
  readCommitted(): Transactions;
  /** The Kysely handle: the open transaction, or the database. */
  q(): Q;
  /** Whether this is an open transaction (reads inside it are not cached). */
  inTransaction(): boolean;
  /** Runs a compiled query here; with `first`, only its first row is wanted. */
  execute<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
}

/**
 * How an engine runs a compiled query: `direct` inside a transaction, `alone` outside one. Kysely's executor would
 * do the same through several layers of promises per query; on SQLite, whose queries answer at once, those layers
 * were a measurable share of a request.
 */
interface CompiledRunner {
  direct<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
  alone<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
}

/** Compiled queries on SQLite: inside a transaction at once; outside one under the file's lock, at once when it is free. */
function sqliteRunner(lock: FileLock, connection: SqliteConnection): CompiledRunner {
  const run = <R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>> => {
    try {
      return Promise.resolve(connection.run<R>(query, first));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const underLock = <R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>> => {
    try {
      return run(query, first);
    } finally {
      lock.release();
    }
  };
  return {
    direct: run,
    alone: (query, first) => {
      const waiting = lock.acquire();
      return waiting ? waiting.then(() => underLock(query, first)) : underLock(query, first);
    },
  };
}

/** The database, and the transactions `run` opens on it. */
export function transactions(
  db: Q,
  engine: EngineName,
  begin: <T>(fn: (trx: Q) => Promise<T>, isolation: Isolation) => Promise<T>,
  runner?: CompiledRunner,
): Transactions {
  const within = (trx: Q): Transactions => {
    const open: Transactions = {
      engine,
      run: (fn) => fn(open),
      readCommitted: () => open,
      q: () => trx,
      inTransaction: () => true,
      execute: runner ? (query, first) => runner.direct(query, first) : (query) => trx.executeQuery(query),
    };
    return open;
  };
  // SQLite runs every transaction on one standing handle: its scope is made once.
  let last: Transactions | null = null;
  const scopeOf = (trx: Q): Transactions => (last?.q() === trx ? last : (last = within(trx)));
  const database = (isolation: Isolation): Transactions => ({
    engine,
    run: (fn) => begin((trx) => fn(scopeOf(trx)), isolation),
    readCommitted: () => committed,
    q: () => db,
    inTransaction: () => false,
    execute: runner ? (query, first) => runner.alone(query, first) : (query) => db.executeQuery(query),
  });
  const committed = database('read committed');
  return database('serializable');
}

/** A PostgreSQL transaction's isolation level (SQLite's are all one writer at a time). */
export type Isolation = 'serializable' | 'read committed';

const BEGIN = CompiledQuery.raw('BEGIN IMMEDIATE');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');

/** Rolls back, keeping the error that made it necessary: a failed rollback (no transaction left, a full disk) is ignored. */
function rollbackQuietly(connection: SqliteConnection): void {
  try {
    connection.run(ROLLBACK);
  } catch {
    // SQLite already rolled back (SQLITE_FULL ends the transaction), or cannot: the original error is what matters.
  }
}

/**
 * SQLite: the file's lock first (other calls' queries wait for it, without blocking the thread), then BEGIN IMMEDIATE,
 * which takes SQLite's write lock up front. A deferred transaction that reads, awaits, then writes can find another
 * connection (a second process, a maintenance shell) committed meanwhile and fail at once with "database is locked";
 * taking the lock first makes it wait (busy_timeout) instead. The original error is kept when the rollback fails too
 * (a full disk). BEGIN and COMMIT run synchronously: only `fn` is awaited.
 */
async function sqliteTransaction<T>(lock: FileLock, connection: SqliteConnection, trx: Q, fn: (trx: Q) => Promise<T>): Promise<T> {
  const waiting = lock.acquire();
  if (waiting) await waiting;
  try {
    connection.run(BEGIN);
    let result: T;
    try {
      result = await fn(trx);
    } catch (error) {
      rollbackQuietly(connection);
      throw error;
    }
    try {
      connection.run(COMMIT);
    } catch (error) {
      rollbackQuietly(connection);
      throw error;
    }
    return result;
  } finally {
    lock.release();
  }
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
async function postgresTransaction<T>(db: Q, fn: (trx: Q) => Promise<T>, isolation: Isolation): Promise<T> {
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
