import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Tables } from './tables';

export type EngineName = 'sqlite' | 'postgres';

/** Queries go through Kysely on either engine; `Q` is a database or a transaction of it. */
export type Q = Kysely<Tables>;

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
export interface CompiledRunner {
  direct<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
  alone<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
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
