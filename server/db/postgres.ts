import { Kysely, PostgresDialect, type CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
// @ts-expect-error pg's own mapping of a value to its text form, as its Query's bind uses it (no types are published).
import pgUtils from 'pg/lib/utils.js';
import type { Engine } from './engine';
import { AND_COMMIT, transactions, type Isolation, type KyselyDb, type OpenTransaction } from './scope';
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
 * (advisory locks, the HELLO's `pg_notify`): those are named too.
 */
class PreparingClient extends pg.Client {
  /** Kysely's `start transaction …`, held back to go out with the transaction's first statement (below). */
  private pendingBegin: string | null = null;

  /**
   * The transaction's last statement went with its COMMIT (`Tx.commitWith`), or ran alone (a one-statement READ
   * COMMITTED transaction, committed or failed on its own): the COMMIT or ROLLBACK that follows is answered here, and
   * nothing else may run in the transaction.
   */
  private committedAhead = false;

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const send = super.query.bind(this) as (...rest: unknown[]) => unknown;
    const promised = args.length === 2 && typeof text === 'string' && Array.isArray(values);
    if (promised && values.length === 0 && BEGIN.test(text)) {
      this.pendingBegin = text;
      this.committedAhead = false;
      return Promise.resolve({ command: 'BEGIN', rows: [], rowCount: null, fields: [] }) as never;
    }
    if (this.committedAhead && promised) {
      this.committedAhead = false;
      // Committed already: Kysely's COMMIT has nothing left to do. A ROLLBACK means the transaction's code failed after
      // its last statement, which committed: its error goes on to the caller, and the change stays.
      if (values.length === 0 && END.test(text))
        return Promise.resolve({ command: text.trim().toUpperCase(), rows: [], rowCount: null, fields: [] }) as never;
      return Promise.reject(new Error(`A statement ran after its transaction's last one, which committed: ${text}`)) as never;
    }
    if (this.pendingBegin !== null && promised && values.length === 0 && END.test(text)) {
      // A transaction that ran no statement: nothing was begun on the server, so nothing is to end.
      this.pendingBegin = null;
      return Promise.resolve({ command: text.trim().toUpperCase(), rows: [], rowCount: null, fields: [] }) as never;
    }
    const last = promised && text.endsWith(AND_COMMIT);
    const statement = last ? text.slice(0, -AND_COMMIT.length) : text;
    const withValues = Array.isArray(values) && (values.length > 0 || PREPARABLE.test(statement as string));
    if ((args.length === 2 || (args.length === 3 && typeof callback === 'function')) && typeof statement === 'string' && withValues) {
      let name = statementNames.get(statement);
      if (!name && statementNames.size < NAMED_STATEMENTS_MAX) statementNames.set(statement, (name = `bs${statementNames.size}`));
      // Only a statement this connection prepared already: the BEGIN's ParseComplete would mark a new one as prepared
      // even if its own Parse then failed.
      const prepared =
        name !== undefined && (this as unknown as { connection: PgConnection }).connection.parsedStatements[name] === statement;
      const begin = prepared && promised ? this.pendingBegin : null;
      if (name && promised) {
        if (begin !== null) this.pendingBegin = null;
        // A READ COMMITTED transaction of one statement is that statement on its own: PostgreSQL runs a statement
        // outside a transaction block atomically, in a transaction of its own, at the default level (READ COMMITTED
        // unless the database asks for more), committed at its Sync. The BEGIN and COMMIT it would carry cost the
        // database two statements' parsing and execution for nothing (issue 32: a purchase without credit or key).
        const alone = begin !== null && last && READ_COMMITTED.test(begin);
        const pipelined = () =>
          new Promise((resolve, reject) => {
            send(
              new PreparedQuery(
                alone ? null : begin,
                { name, text: statement, values: values as unknown[] },
                last && !alone,
                (error, result) => {
                  // Run alone, a failed statement left nothing open either: the ROLLBACK that follows is answered here.
                  if (last && (!error || alone)) this.committedAhead = true;
                  if (error) return reject(error);
                  resolve(result);
                },
              ),
            );
          });
        if (begin === null && this.pendingBegin !== null) {
          // A statement this connection has not prepared yet: its BEGIN goes first, on its own.
          const held = this.pendingBegin;
          this.pendingBegin = null;
          return (send(held, []) as Promise<unknown>).then(pipelined) as never;
        }
        return pipelined() as never;
      }
      if (name)
        return this.afterBegin(
          send,
          new PreparedQuery(null, { name, text: statement, values: values as unknown[] }, false, callback as PreparedCallback),
        );
    }
    return this.afterBegin(send, ...args);
  }

  /** Sends a held-back BEGIN on its own first when the next query cannot carry it (promise-style calls only). */
  private afterBegin(send: (...rest: unknown[]) => unknown, ...args: unknown[]): never {
    if (this.pendingBegin === null) return send(...args) as never;
    const begin = this.pendingBegin;
    this.pendingBegin = null;
    return (send(begin, []) as Promise<unknown>).then(() => send(...args)) as never;
  }
}

/** Kysely's BEGIN (`start transaction isolation level …`), and its COMMIT and ROLLBACK. */
const BEGIN = /^start transaction\b[^;]*$/i;
const READ_COMMITTED = /^start transaction isolation level read committed$/i;
const END = /^(commit|rollback)$/i;

type QueryInternals = {
  name: string;
  values: unknown[];
  binary: boolean;
  rows: number | undefined;
  portal: string;
  callback: unknown;
  _result: { fields: unknown[]; addFields(fields: unknown[]): void };
  _accumulateRows: boolean;
  hasBeenParsed(connection: unknown): boolean;
  handleError(error: unknown, connection: unknown): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  prepare(connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
};
const QueryBase = pg.Query as unknown as new (
  config: { name: string; text: string; values: unknown[] },
  values: undefined,
  callback: (error: Error | null, result: pg.QueryResult) => void,
) => QueryInternals;

type PreparedCallback = (error: Error | null, result: pg.QueryResult) => void;

/**
 * A named (prepared) statement's run.
 *
 * - It may carry what would otherwise be a round trip of its own: its transaction's BEGIN in front (the transaction's
 *   first statement) and its COMMIT behind (its last, `Tx.commitWith`), with one Sync. PostgreSQL's extended protocol
 *   runs them in order and stops at the first error, so the statement never runs outside the transaction and a failed
 *   statement is never committed; a COMMIT that fails (a serialization failure) fails the query. Each round trip costs
 *   the server a write and a read wake-up and PostgreSQL a backend wake-up: a purchase's transaction was BEGIN, two
 *   inserts, COMMIT (issue 32), and is one round trip now.
 * - Its result's columns are asked for (Describe) only the first time the connection runs it. A prepared statement's
 *   columns cannot change (PostgreSQL refuses to run it if its tables changed shape), so they are kept per connection
 *   and statement; each run after the first saves PostgreSQL the description and the driver its parsing (issue 32,
 *   docs/SCALING.md's tenth pass). JDBC's driver does the same.
 */
class PreparedQuery extends QueryBase {
  private completed = 0;
  /** This connection's known result columns per statement, and whether this run's are known. */
  private columns: Map<string, unknown[]> | null = null;
  private described = false;

  constructor(
    private readonly begin: string | null,
    config: { name: string; text: string; values: unknown[] },
    private readonly commit: boolean,
    callback: PreparedCallback,
  ) {
    super(config, undefined, callback);
  }

  override prepare(connection: PgConnection): void {
    if (this.begin !== null) {
      connection.parse({ text: this.begin, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
    }
    this.columns = described(connection);
    const known = this.hasBeenParsed(connection) ? this.columns.get(this.name) : undefined;
    if (!known) return super.prepare(connection);
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: pgUtils.prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: this.name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    this._result.addFields(known);
    this._accumulateRows = true;
    this.described = true;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: { fields: unknown[] }): void {
    this.columns?.set(this.name, message.fields);
    this.described = true;
    super.handleRowDescription(message);
  }

  /** The statement's Execute, then the COMMIT's, then the Sync. */
  override _getRows(connection: PgConnection, rows: number | undefined): void {
    if (!this.commit) return super._getRows(connection, rows);
    connection.execute({ portal: '', rows: rows ?? 0 });
    connection.parse({ text: 'COMMIT', name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    connection.sync();
  }

  override handleCommandComplete(message: unknown, connection: unknown): void {
    const index = this.completed++;
    // The BEGIN's and the COMMIT's completions are not the statement's result.
    if (this.begin !== null && index === 0) return;
    if (this.commit && index === (this.begin !== null ? 2 : 1)) return;
    // Described without columns (a write without RETURNING): no Describe for it next time either.
    if (!this.described) this.columns?.set(this.name, []);
    super.handleCommandComplete(message, connection);
  }
}

/** Per connection, the result columns of each statement it prepared and ran once: its Describe is not sent again. */
const describedBy = new WeakMap<PgConnection, Map<string, unknown[]>>();
function described(connection: PgConnection): Map<string, unknown[]> {
  let columns = describedBy.get(connection);
  if (!columns) describedBy.set(connection, (columns = new Map()));
  return columns;
}

interface PgConnection {
  parsedStatements: Record<string, string>;
  close(target: { type: string; name: string }): void;
  sync(): void;
  parse(query: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; binary?: boolean; valueMapper?: unknown }): void;
  execute(config: { portal: string; rows: number }): void;
}

/**
 * A pool whose idle connections may be closed by the server (a restart, a failover, an administrator): the pool drops
 * such a connection and opens another on the next query. Without a listener that error would end the process.
 */
export function postgresPool(url: string, max = 10, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: TYPES, Client: PreparingClient });
  pool.on('error', onIdleError);
  // A connection lost while it is checked out between two statements (a backend crash makes PostgreSQL end every
  // connection while it recovers) is reported as an error event of its client, which the pool only listens to while
  // the client is idle: unheard, it ended the process (tests/pg/durability.test.ts). Nothing is to be done here: the
  // transaction fails on its next statement, its call answers 503 (server/lib/error-handler.ts), and the pool drops
  // the connection on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function postgresEngine(url: string, max?: number, onIdleError?: (error: Error) => void): Engine {
  const pool = postgresPool(url, max, onIdleError);
  const kysely = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    name: 'postgres',
    kysely,
    tx: transactions(kysely, 'postgres', (fn, isolation) => postgresTransaction(pool, fn, isolation), runOn(pool)),
    pool,
    sqlite: null,
    close: () => kysely.destroy(),
  };
}

/**
 * Runs compiled queries straight through pg on the pool or on one connection, answering what Kysely's PostgreSQL
 * connection would (the affected rows of a write, and the rows).
 */
function runOn(db: pg.Pool | pg.PoolClient) {
  return <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> =>
    db.query(query.sql, query.parameters as unknown[]).then(({ command, rowCount, rows }) => {
      const write = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { numAffectedRows: write ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
    });
}

/**
 * A Kysely handle on one pooled connection, made once per connection: the queries a transaction builds with Kysely
 * (`tx.kysely()`) run on its connection. Kysely releases the connection after each query; this pool's release is
 * the transaction's to do, so it is a no-op here.
 */
const handles = new WeakMap<pg.PoolClient, KyselyDb>();
function kyselyOn(client: pg.PoolClient): KyselyDb {
  let handle = handles.get(client);
  if (!handle) {
    const held = { query: client.query.bind(client), release: () => {} };
    const pool = { connect: async () => held, end: async () => {} };
    handles.set(client, (handle = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) })));
  }
  return handle;
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
async function postgresTransaction<T>(pool: pg.Pool, fn: (open: OpenTransaction) => Promise<T>, isolation: Isolation): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptTransaction(pool, fn, isolation);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= POSTGRES_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      // Serializable conflicts are also reported for neighbouring index entries: back off a little more each time.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
    }
  }
}

/**
 * One attempt, straight on a pooled connection: BEGIN, `fn`'s statements, COMMIT, or ROLLBACK when `fn` or the COMMIT
 * fails (the original error is kept; a connection that cannot even roll back is closed, not returned to the pool).
 * Kysely's `transaction()` did the same through a new Kysely instance and several layers of promises per query:
 * PostgreSQL-only JavaScript a purchase paid for (issue 32, docs/SCALING.md's tenth pass). The BEGIN is held back by
 * the connection to go out with the first statement, and the COMMIT with the last (`PreparingClient`).
 */
async function attemptTransaction<T>(pool: pg.Pool, fn: (open: OpenTransaction) => Promise<T>, isolation: Isolation): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`start transaction isolation level ${isolation}`, []);
    const open: OpenTransaction = { kysely: () => kyselyOn(client), execute: runOn(client) };
    try {
      const result = await fn(open);
      await client.query('commit', []);
      return result;
    } catch (error) {
      try {
        await client.query('rollback', []);
      } catch (failed) {
        broken = failed as Error;
      }
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
