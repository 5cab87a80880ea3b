import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Db } from './connection';
import type { Tables } from './tables';

export type EngineName = 'sqlite' | 'postgres';

/** Queries go through Kysely on either engine; `Q` is a database or a transaction of it. */
export type Q = Kysely<Tables>;
export type Trx = Transaction<Tables>;

export interface Engine {
  name: EngineName;
  db: Q;
  /** The PostgreSQL pool (for LISTEN and advisory locks); null on SQLite. */
  pool: pg.Pool | null;
  close(): Promise<void>;
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

export function postgresPool(url: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types: TYPES });
}

/** Kysely over the better-sqlite3 connection the server already has open (same file, same pragmas). */
export function sqliteEngine(sqlite: Db): Engine {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    name: 'sqlite',
    db,
    pool: null,
    // The connection belongs to the caller, which closes it after its last sync.
    close: async () => {},
  };
}

export function postgresEngine(url: string, max?: number): Engine {
  const pool = postgresPool(url, max);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    name: 'postgres',
    db,
    pool,
    close: () => db.destroy(),
  };
}
