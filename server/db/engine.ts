import type pg from 'pg';
import type { Db } from './connection';
import type { EngineName, Q, Transactions } from './scope';

/** One database as the server holds it: the Kysely handle, the transaction scope, and the engine's own connection. */
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
