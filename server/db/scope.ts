import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Tables } from './tables';

export type EngineName = 'sqlite' | 'postgres';

/** Queries go through Kysely on either engine; `KyselyDb` is a database or a transaction of it. */
export type KyselyDb = Kysely<Tables>;

/**
 * Where the services' queries run, and the one name for it across the server (`tx`, of type `Tx`): the database, or
 * one open transaction of it. Services hold the database's (`deps.tx`); `tx.run(fn)` opens a transaction and
 * hands `fn` its own `Tx`, bound to it; every query of the change goes through that one (repositories take
 * it as their first argument), so it commits or rolls back whole. Inside a transaction `run(fn)` joins it (a credit
 * written within a purchase's change commits or rolls back with it).
 *
 * The transaction is passed, not found: finding it through AsyncLocalStorage hooked every promise in the process
 * while one was open on Node 20, ~20 µs of a ~350 µs POST (server CPU per request, measured). On SQLite a query made
 * on the database while the same call chain holds a transaction waits for that transaction to end: passing the
 * wrong one shows as a call that never answers.
 */
export interface Tx {
  /** For the few queries written per engine (JSON built in SQL, case-insensitive names). */
  engine: EngineName;
  /** Runs `fn` in a transaction (this one, when this is already a transaction). */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The same database, whose `run` opens READ COMMITTED transactions on PostgreSQL (SERIALIZABLE otherwise; SQLite has
   * one writer at a time either way). Only for a change whose rules all hold by constraints and locks, with no rule
   * checked by a read it later relies on: a purchase without credit is two inserts (issue 32).
   */
  readCommitted(): Tx;
  /** The Kysely handle: the open transaction, or the database. */
  kysely(): KyselyDb;
  /** Whether this is an open transaction (reads inside it are not cached). */
  inTransaction(): boolean;
  /** Runs a compiled query here; with `first`, only its first row is wanted. */
  execute<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
  /**
   * In a transaction: `fn` runs once it has committed, and never if it rolls back (what a change tells its sockets).
   * Outside one: at once.
   */
  afterCommit(fn: () => void): void;
  /**
   * In a transaction: `fn` runs inside it once the transaction's own code has finished, just before its COMMIT (a live
   * note's `pg_notify`, which then commits or rolls back with the change). Outside one: at once.
   */
  beforeCommit(fn: (tx: Tx) => Promise<void>): void;
  /**
   * PostgreSQL: `pg_notify(channel, payload)` as part of this change — in a transaction just before its COMMIT, in a
   * one-statement change (`oneStatement`) inside that statement; either way heard only if the change commits, in
   * commit order. Outside both: at once.
   */
  notify(channel: string, payload: string): void;
}

const NOTIFY = 'SELECT pg_notify($1, $2)';
const sendNote = (tx: Tx, channel: string, payload: string) => tx.execute(CompiledQuery.raw(NOTIFY, [channel, payload]));

/** A note a one-statement change sends within its statement. */
export interface StatementNote {
  channel: string;
  payload: string;
}

/**
 * A change made by one statement (data-modifying CTEs) outside any transaction: PostgreSQL runs a lone statement
 * atomically, so it needs no BEGIN and COMMIT — two round trips fewer (issue 46). Code that publishes within it sees
 * a change in progress (`inTransaction()`): its notes are collected for the statement to send (`notes`, each a
 * `pg_notify` of that statement), and what waits for the commit runs once the caller reports it (`committed()`).
 * It opens no transaction and has nothing to run before a COMMIT.
 */
export interface OneStatement extends Tx {
  readonly notes: readonly StatementNote[];
  /** The statement succeeded: what waited for the commit runs now. */
  committed(): void;
}

export function oneStatement(db: Tx): OneStatement {
  if (db.inTransaction()) throw new Error('A one-statement change is made outside a transaction');
  const notes: StatementNote[] = [];
  const after: Array<() => void> = [];
  const scope: OneStatement = {
    engine: db.engine,
    run: () => Promise.reject(new Error('A one-statement change opens no transaction')),
    readCommitted: () => scope,
    kysely: () => db.kysely(),
    inTransaction: () => true,
    execute: (query, first) => db.execute(query, first),
    afterCommit: (fn) => void after.push(fn),
    beforeCommit: () => {
      throw new Error('A one-statement change has no COMMIT to run anything before');
    },
    notify: (channel, payload) => void notes.push({ channel, payload }),
    notes,
    committed: () => after.splice(0).forEach((fn) => fn()),
  };
  return scope;
}

/** What runs just before a transaction commits, and once it has committed. */
export interface AtCommit {
  before: Array<(tx: Tx) => Promise<void>>;
  after: Array<() => void>;
}

/** One open transaction as its engine hands it to the scope: its Kysely handle, and how a compiled query runs in it. */
export interface OpenTransaction {
  kysely(): KyselyDb;
  execute<R>(query: CompiledQuery<R>, first?: boolean): Promise<QueryResult<R>>;
}

/**
 * How an engine runs a compiled query outside a transaction. Kysely's executor would do the same through several
 * layers of promises per query; those layers were a measurable share of a request on either engine.
 */
export type AloneRunner = <R>(query: CompiledQuery<R>, first?: boolean) => Promise<QueryResult<R>>;

/** The database, and the transactions `run` opens on it. */
export function transactions(
  db: KyselyDb,
  engine: EngineName,
  /** Opens a transaction and runs `fn` in it (again from the start when the engine retries it). */
  begin: <T>(fn: (open: OpenTransaction) => Promise<T>, isolation: Isolation) => Promise<T>,
  alone: AloneRunner,
): Tx {
  // The scope of one open transaction; `state` is its commit's, made afresh for every attempt.
  const within = (opened: OpenTransaction) => {
    const open: Tx & { state: AtCommit; opened: OpenTransaction } = {
      engine,
      opened,
      state: { before: [], after: [] },
      run: (fn) => fn(open),
      readCommitted: () => open,
      kysely: () => opened.kysely(),
      inTransaction: () => true,
      execute: (query, first) => opened.execute(query, first),
      afterCommit: (fn) => void open.state.after.push(fn),
      beforeCommit: (fn) => void open.state.before.push(fn),
      notify: (channel, payload) => void open.state.before.push((tx) => sendNote(tx, channel, payload).then(() => {})),
    };
    return open;
  };
  // SQLite runs every transaction on one standing handle, one at a time: its scope is made once.
  let last: ReturnType<typeof within> | null = null;
  const scopeOf = (opened: OpenTransaction) => {
    const scope = last?.opened === opened ? last : (last = within(opened));
    scope.state = { before: [], after: [] };
    return scope;
  };
  const database = (isolation: Isolation): Tx => ({
    engine,
    async run(fn) {
      // The attempt's own state (SQLite's scope is shared by the transactions that follow this one).
      let state: AtCommit | null = null;
      const result = await begin(async (opened) => {
        const scope = scopeOf(opened);
        state = scope.state;
        const result = await fn(scope);
        for (const before of scope.state.before) await before(scope);
        return result;
      }, isolation);
      // Committed: what waited for it runs now (the attempt that committed).
      for (const then of (state as AtCommit | null)?.after ?? []) then();
      return result;
    },
    readCommitted: () => committed,
    kysely: () => db,
    inTransaction: () => false,
    execute: alone,
    afterCommit: (fn) => fn(),
    beforeCommit(fn) {
      void fn(this);
    },
    notify(channel, payload) {
      void sendNote(this, channel, payload).catch(() => {});
    },
  });
  const committed = database('read committed');
  return database('serializable');
}

/** A PostgreSQL transaction's isolation level (SQLite's are all one writer at a time). */
export type Isolation = 'serializable' | 'read committed';
