import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import type { Db } from './connection';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations', 'sqlite');

/** The migration files of a folder, in the order they apply. */
export const migrationFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort();

/** A migration that rebuilds a table others reference says so on a line of its own (SQLite's 12-step table change). */
const FOREIGN_KEYS_OFF = /^-- migrate: foreign-keys-off$/m;

/**
 * Applies migrations/NNN-name.sql in order, each once and in its own transaction; returns the names applied now. A
 * migration marked `-- migrate: foreign-keys-off` runs with foreign keys off (they cannot change inside a transaction)
 * and is rolled back unless every reference still holds at its end.
 */
export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
  const applied: string[] = [];
  for (const file of migrationFiles(dir)) {
    if (done.has(file)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    const keysOff = FOREIGN_KEYS_OFF.test(sql) && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(sql);
        if (keysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0)
            throw new Error(`${file} leaves ${broken.length} broken reference(s): ${JSON.stringify(broken.slice(0, 3))}`);
        }
        db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(file, new Date().toISOString());
      })();
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
    }
    applied.push(file);
  }
  return applied;
}

export const POSTGRES_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations', 'postgres');

/**
 * The PostgreSQL side of `migrate`: migrations/postgres/NNN-name.sql in order, each once, in its own transaction with
 * its record in schema_migrations. Processes starting together wait on one advisory lock, so exactly one of them
 * applies a migration and the others find it recorded.
 */
export async function migratePostgres(pool: Pool, dir = POSTGRES_MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['blockspin:migrate']);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at text NOT NULL)');
      const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
      const applied: string[] = [];
      for (const file of migrationFiles(dir)) {
        if (done.has(file)) continue;
        const sql = readFileSync(path.join(dir, file), 'utf8');
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [file, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['blockspin:migrate']);
    }
  } finally {
    client.release();
  }
}
