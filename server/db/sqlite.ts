import { CompiledQuery, Kysely, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { statement, type Db } from './connection';
import type { Engine } from './engine';
import { transactions, type AloneRunner, type OpenTransaction } from './scope';
import type { Tables } from './tables';

/**
 * One call at a time on the connection. A transaction holds the connection across awaits; a query of another call made
 * meanwhile would run inside it, so it waits for the turn in JavaScript (without blocking the thread). Kysely's own
 * SQLite driver keeps a second mutex for that; one is enough, and each costs every query a few promises.
 *
 * One connection per file per process: two connections to one file in one process would block each other inside
 * SQLite's busy handler, which sleeps the only thread the holder needs to finish (a deadlock until busy_timeout).
 * Tests that need a second server on the same data folder run it in a child process (tests/support/child-server.ts).
 */
class Turn {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /** Resolves once this caller has the turn; a free turn is taken at once. */
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
 * Kysely's driver contract over one better-sqlite3 connection. With `lock`, each query outside a transaction waits
 * for the connection's turn; without it, the queries of the open transaction run at once (the transaction holds the lock).
 */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;

  constructor(
    sqlite: Db,
    private readonly lock: Turn | null,
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
    throw new Error('SQLite transactions go through Tx.run');
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
    private readonly lock: Turn | null,
  ) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new SqliteDriver(this.sqlite, this.lock);
  }
}

/** Kysely over the better-sqlite3 connection the server already has open (same file, same pragmas). */
export function sqliteEngine(sqlite: Db): Engine {
  const lock = new Turn();
  const kysely = new Kysely<Tables>({ dialect: new SqliteDriverDialect(sqlite, lock) });
  // One handle for whichever transaction is open: the connection's turn lets only one be open at a time.
  const inTransaction = new Kysely<Tables>({ dialect: new SqliteDriverDialect(sqlite, null) });
  const connection = new SqliteConnection(sqlite);
  const { direct, alone } = sqliteRunner(lock, connection);
  // The one open transaction there can be, whichever it is.
  const opened: OpenTransaction = { kysely: () => inTransaction, execute: direct };
  return {
    name: 'sqlite',
    kysely,
    tx: transactions(kysely, 'sqlite', (fn) => sqliteTransaction(lock, connection, opened, fn), alone),
    pool: null,
    sqlite,
    // The connection belongs to the caller, which closes it after its last sync.
    close: async () => {},
  };
}

/** Compiled queries on SQLite: inside a transaction at once; outside one in the connection's turn, at once when it is free. */
function sqliteRunner(lock: Turn, connection: SqliteConnection): { direct: OpenTransaction['execute']; alone: AloneRunner } {
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
 * SQLite: the connection's turn first (other calls' queries wait for it, without blocking the thread), then BEGIN IMMEDIATE,
 * which takes SQLite's write lock up front. A deferred transaction that reads, awaits, then writes can find another
 * connection (a second process, a maintenance shell) committed meanwhile and fail at once with "database is locked";
 * taking the lock first makes it wait (busy_timeout) instead. The original error is kept when the rollback fails too
 * (a full disk). BEGIN and COMMIT run synchronously: only `fn` is awaited.
 */
async function sqliteTransaction<T>(
  lock: Turn,
  connection: SqliteConnection,
  opened: OpenTransaction,
  fn: (opened: OpenTransaction) => Promise<T>,
): Promise<T> {
  const waiting = lock.acquire();
  if (waiting) await waiting;
  try {
    connection.run(BEGIN);
    let result: T;
    try {
      result = await fn(opened);
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
