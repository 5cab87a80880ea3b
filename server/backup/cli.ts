// `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]` (README, "Backups").
import { closeSync, existsSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { postgresEngine } from '../db/postgres';
import { sqliteEngine } from '../db/sqlite';
import type { Engine } from '../db/engine';
import { postgresPool } from '../db/postgres';
import { listBackups, takeBackup } from '.';
import { isGzipFile, restorePostgres } from './postgres';
import { isSqliteFile, restoreSqlite } from './sqlite';

const DATABASE_FILES = ['blockspin.sqlite', 'blockspin.sqlite-wal', 'blockspin.sqlite-shm'];

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function header(file: string): Buffer {
  const buffer = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return buffer;
}

async function backup(args: string[]) {
  const config = loadConfig(process.env);
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : null;
  let engine: Engine;
  if (config.databaseUrl) engine = postgresEngine(config.databaseUrl, 1);
  else {
    if (!existsSync(path.join(config.dataDir, 'blockspin.sqlite')))
      fail(`There is no database in ${path.resolve(config.dataDir)} (DATA_DIR).`);
    engine = sqliteEngine(openDatabase(config.dataDir));
  }
  try {
    // Another connection (the running server) writing between two steps makes SQLite start the copy again: one step.
    const settings = out ? { backupDir: path.dirname(out), backupKeep: Infinity } : config;
    let file = await takeBackup(engine, config.dataDir, settings, { pagesPerStep: 2 ** 30 });
    if (out) {
      const { renameSync } = await import('node:fs');
      renameSync(file, out);
      file = out;
    }
    process.stdout.write(`Backup written: ${path.resolve(file)}\n`);
    if (!out)
      process.stdout.write(
        `${listBackups(config.backupDir).length} backups kept in ${path.resolve(config.backupDir)} (BACKUP_KEEP=${config.backupKeep}).\n`,
      );
  } finally {
    await engine.close();
    engine.sqlite?.close();
  }
}

async function restore(args: string[]) {
  const force = args.includes('--force');
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) fail('Usage: npm run restore -- FILE [--force]');
  if (!existsSync(file)) fail(`No such file: ${file}`);
  const config = loadConfig(process.env);
  const start = header(file);
  if (config.databaseUrl) {
    if (!isGzipFile(start)) fail(`${file} is not a PostgreSQL backup (DATABASE_URL is set: the restore goes into PostgreSQL).`);
    const pool = postgresPool(config.databaseUrl, 2);
    try {
      const { rows } = await restorePostgres(pool, file, { force });
      process.stdout.write(`Restored ${rows} rows into ${config.databaseUrl.split('@').pop()}.\n`);
    } catch (error) {
      fail(`Not restored: ${(error as Error).message}`);
    } finally {
      await pool.end();
    }
    return;
  }
  if (!isSqliteFile(start)) fail(`${file} is not a SQLite backup (without DATABASE_URL the restore goes into DATA_DIR).`);
  const dataDir = config.dataDir;
  const present = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (present.length > 0) {
    if (!force)
      fail(`${path.resolve(dataDir)} (DATA_DIR) is not empty; stop the server and add --force to replace its database and photos.`);
    for (const name of DATABASE_FILES) rmSync(path.join(dataDir, name), { force: true });
    rmSync(path.join(dataDir, 'images'), { recursive: true, force: true });
  }
  const { photos } = restoreSqlite(file, dataDir);
  process.stdout.write(`Restored ${file} into ${path.resolve(dataDir)} (${photos} photos).\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'backup') await backup(args);
else if (command === 'restore') await restore(args);
else fail('Usage: backup [--out FILE] | restore FILE [--force]');
