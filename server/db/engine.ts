import type pg from 'pg';
import type { Db } from './connection';
import type { EngineName, KyselyDb, Tx } from './scope';

/** One database as the server holds it: the Kysely handle, the transaction scope, and the engine's own connection. */
export interface Engine {
  name: EngineName;
  /** The Kysely handle on the database itself (the scope's `kysely()` outside a transaction). */
  kysely: KyselyDb;
  tx: Tx;
  /** The PostgreSQL pool (for LISTEN and advisory locks); null on SQLite. */
  pool: pg.Pool | null;
  /** The SQLite connection (read cache, group commit); null on PostgreSQL. */
  sqlite: Db | null;
  close(): Promise<void>;
}
