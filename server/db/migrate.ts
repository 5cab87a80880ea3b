import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './connection';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

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
  const files = readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    const keysOff = FOREIGN_KEYS_OFF.test(sql) && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(sql);
        if (keysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`${file} leaves ${broken.length} broken reference(s): ${JSON.stringify(broken.slice(0, 3))}`);
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
