import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { migratePostgres } from '../db/migrate';

/** The first line of a PostgreSQL backup. */
interface Header {
  format: 'blockspin-backup';
  engine: 'postgres';
  version: 1;
  createdAt: string;
  /** Migrations applied in the database it was taken from. */
  migrations: string[];
  /** Tables in the order they are written (and restored): a table comes after those its foreign keys name. */
  tables: string[];
}

/** Then one line per batch of rows: `{"table": name, "rows": [row_to_json…]}`. */
const BATCH = 500;
/** Kept as the schema's own bookkeeping: the restore's migrations write it. */
const MIGRATIONS_TABLE = 'schema_migrations';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
  ).rows.map((row) => row.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent.replace(/^"|"$/g, ''), path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * A consistent snapshot of a PostgreSQL database, photos included (they are rows of stored_images), written as gzipped
 * JSON lines. Everything is read in one REPEATABLE READ, READ ONLY transaction, so it is the database as of one
 * moment while the servers keep writing; each table is read through a cursor, a batch at a time. Needs no pg_dump
 * (Debian's client is often older than the server, and pg_dump refuses a newer server).
 */
export async function backupPostgres(pool: pg.Pool, file: string): Promise<{ rows: number }> {
  const client = await pool.connect();
  const out = createGzip();
  const written = out.pipe(createWriteStream(file));
  const write = async (line: string) => {
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  let rows = 0;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tablesInOrder(client);
    const migrations = (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`)).rows.map(
      (row) => row.name,
    );
    const header: Header = {
      format: 'blockspin-backup',
      engine: 'postgres',
      version: 1,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
    };
    await write(JSON.stringify(header));
    for (const table of tables) {
      if (table === MIGRATIONS_TABLE) continue;
      const key = await client.query<{ column: string }>(
        `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = $1::regclass AND i.indisprimary`,
        [quote(table)],
      );
      // In key order: ledger rows come back in the order they were written (its balance trigger checks every insert).
      const order = key.rows.length ? ` ORDER BY ${key.rows.map((row) => quote(row.column)).join(', ')}` : '';
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quote(table)} t${order}`);
      for (;;) {
        const batch = await client.query<{ row: string }>(`FETCH ${BATCH} FROM backup_rows`);
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        await write(`{"table":${JSON.stringify(table)},"rows":[${batch.rows.map((row) => row.row).join(',')}]}`);
      }
      await client.query('CLOSE backup_rows');
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    out.destroy();
    throw error;
  } finally {
    client.release();
  }
  out.end();
  await once(written, 'close');
  return { rows };
}

/** Whether a file is gzip (a PostgreSQL backup). */
export const isGzipFile = (header: Buffer) => header[0] === 0x1f && header[1] === 0x8b;

/** Tables of the public schema (an empty database has none). */
export async function publicTables(pool: pg.Pool): Promise<string[]> {
  return (await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).rows.map(
    (row) => row.name,
  );
}

/**
 * Restores a PostgreSQL backup into the database of `pool`, which must be empty (`force` empties it first: every table
 * of its public schema is dropped). The schema comes from this version's migrations; the rows are inserted in the
 * backup's table order, in one transaction, and the id sequences moved past the restored ids.
 */
export async function restorePostgres(pool: pg.Pool, file: string, { force = false } = {}): Promise<{ rows: number }> {
  const existing = await publicTables(pool);
  if (existing.length > 0) {
    if (!force) throw new Error(`the database is not empty (${existing.length} tables); --force drops them first`);
    await pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let header: Header | null = null;
  let rows = 0;
  let client: pg.PoolClient | null = null;
  const columns = new Map<string, string>();
  try {
    for await (const line of lines) {
      if (!header) {
        header = JSON.parse(line) as Header;
        if (header.format !== 'blockspin-backup' || header.engine !== 'postgres') throw new Error('not a Blockspin PostgreSQL backup');
        const applied = await migratePostgres(pool);
        const unknown = header.migrations.filter((name) => !applied.includes(name));
        if (unknown.length) throw new Error(`the backup was taken by a newer version (migrations ${unknown.join(', ')} are unknown here)`);
        client = await pool.connect();
        await client.query('BEGIN');
        // Rows the migrations seeded are replaced by the backup's.
        const seeded = header.tables.filter((table) => table !== MIGRATIONS_TABLE);
        if (seeded.length) await client.query(`TRUNCATE ${seeded.map(quote).join(', ')} CASCADE`);
        continue;
      }
      const batch = JSON.parse(line) as { table: string; rows: Array<Record<string, unknown>> };
      if (batch.rows.length === 0) continue;
      let list = columns.get(batch.table);
      if (!list) columns.set(batch.table, (list = Object.keys(batch.rows[0]).map(quote).join(', ')));
      await client!.query(
        `INSERT INTO ${quote(batch.table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(null::${quote(batch.table)}, $1::json)`,
        [JSON.stringify(batch.rows)],
      );
      rows += batch.rows.length;
    }
    if (!header || !client) throw new Error('the backup file is empty');
    // Identity columns continue after the highest restored id.
    const identities = await client.query<{ table: string; column: string }>(
      "SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'",
    );
    for (const { table, column } of identities.rows) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
        [quote(table), column],
      );
    }
    await client.query('COMMIT');
    return { rows };
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client?.release();
  }
}
