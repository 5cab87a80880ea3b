import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../support/postgres';
import { onPostgres, startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { CART, Client, eventually, jpegDataUrl, logIn, queryDatabase, signUp, submitItem } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Promises fall due fast and the job runs often, so credit is granted within the test. */
const WINDOWS = { immediateWindowMs: 300, promiseGraceMs: 0, promiseCheckIntervalMs: 100 };

/** Runs `npm run backup` / `npm run restore`'s script with this environment; answers its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/backup/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Snapshot {
  purchases: Map<number, string>;
  photos: string[];
  balances: Map<string, number>;
}

/** What the test reads back after the restore: every purchase's status, photo URLs, and each player's balance. */
async function snapshot(server: TestServer, admin: Client, players: string[]): Promise<Snapshot> {
  const purchases = (await admin.get('/api/purchase-requests')).body as Array<{ id: number; status: string }>;
  const submissions = (await admin.get('/api/item-submissions')).body as Array<{ imageUrl: string | null; thumbnailUrl: string | null }>;
  const balances = new Map<string, number>();
  for (const name of players) balances.set(name, (await admin.get(`/api/marketplace/credit/${name}`)).body.balance);
  void server;
  return {
    purchases: new Map(purchases.map((p) => [p.id, p.status])),
    photos: submissions.flatMap((s) => [s.imageUrl, s.thumbnailUrl]).filter((url): url is string => !!url),
    balances,
  };
}

// The restore drill (issue 32 item 3): records and photos written, a backup taken while purchases keep arriving, more
// written after it, the server stopped, the backup restored into a new DATA_DIR (or an empty database), a server
// started on it: everything acknowledged before the backup began is there, nothing written after it ended is, photos
// are served, and every balance equals the sum of its ledger.
describe('npm run backup and npm run restore', () => {
  it('when a backup taken while writing is restored into a new place, then everything up to the snapshot is there and consistent', async () => {
    const server = await startTestServer(WINDOWS);
    const source = { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? '' };
    let restored: TestServer | null = null;
    let target: Awaited<ReturnType<typeof freshDatabase>> | null = null;
    try {
      const admin = await logIn(server, SUPER_ADMIN.username, SUPER_ADMIN.password);
      const players = ['bk_ann', 'bk_ben', 'bk_cat'];
      const clients = await Promise.all(players.map((name) => signUp(server, name)));
      const photo = await jpegDataUrl(320, 240);
      for (const client of clients) {
        const submission = await submitItem(client, { imageUrl: photo, ps5Name: 'AK-47' });
        expect((await client.post('/api/purchase-requests', CART)).status).toBe(201);
        // An 'Immediately' pickup missed: the job credits the player (a ledger row).
        const pickup = await admin.post('/api/scheduled-pickups', {
          submissionId: submission.id,
          scheduledDate: 'Immediately',
          scheduledTime: '',
        });
        expect(pickup.status).toBe(201);
      }
      await eventually(async () => {
        const credits = await Promise.all(players.map(async (name) => (await admin.get(`/api/marketplace/credit/${name}`)).body.balance));
        return credits.every((balance) => balance > 0);
      }, 10_000);

      // Purchases keep arriving while the backup runs.
      const acknowledged: Array<{ id: number; at: number }> = [];
      let writing = true;
      const writers = clients.map(async (client) => {
        while (writing) {
          const answer = await client.post('/api/purchase-requests', CART);
          if (answer.status === 201) acknowledged.push({ id: answer.body.id, at: performance.now() });
        }
      });
      await eventually(() => acknowledged.length >= 5, 10_000);
      const backupDir = folder('blockspin-backups-');
      const file = path.join(backupDir, onPostgres() ? 'drill.jsonl.gz' : 'drill.sqlite');
      const backupStarted = performance.now();
      const backup = await cli(['backup', '--out', file], source);
      const backupEnded = performance.now();
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('Backup written');
      writing = false;
      await Promise.all(writers);
      const before = acknowledged.filter((entry) => entry.at < backupStarted).map((entry) => entry.id);
      expect(before.length).toBeGreaterThan(0);

      // More after the backup: a purchase, a new photo, more credit.
      const later = await clients[0].post('/api/purchase-requests', CART);
      const laterSubmission = await submitItem(clients[1], { imageUrl: photo });
      const expected = await snapshot(server, admin, players);
      await server.close();

      // Restored somewhere new: a fresh DATA_DIR, or an empty database.
      const dataDir = path.join(folder('blockspin-restored-'), 'data');
      if (onPostgres()) target = await freshDatabase(inject('postgresUrl'));
      const into = { DATA_DIR: dataDir, DATABASE_URL: target?.url ?? '' };
      const restore = await cli(['restore', file], into);
      expect(restore.code, restore.output).toBe(0);
      // A second restore into the now non-empty place is refused without --force.
      const again = await cli(['restore', file], into);
      expect(again.code).toBe(1);
      expect(again.output).toContain('--force');

      restored = await startTestServer({ ...WINDOWS, dataDir, ...(target ? { databaseUrl: target.url } : {}) });
      const restoredAdmin = await logIn(restored, SUPER_ADMIN.username, SUPER_ADMIN.password);
      const after = await snapshot(restored, restoredAdmin, players);
      for (const id of before)
        expect(after.purchases.get(id), `purchase ${id}, acknowledged before the backup`).toBe(expected.purchases.get(id));
      for (const entry of acknowledged.filter((e) => e.at > backupEnded)) expect(after.purchases.has(entry.id)).toBe(false);
      expect(after.purchases.has(later.body.id)).toBe(false);
      expect(after.photos).not.toContain(laterSubmission.imageUrl);
      // Every photo of the snapshot is served by the restored server.
      expect(after.photos.length).toBeGreaterThanOrEqual(6);
      for (const url of after.photos) {
        const answer = await fetch(restored.url + url, { headers: { cookie: restoredAdmin.cookie! } });
        expect(answer.status, url).toBe(200);
        expect(
          Buffer.from(await answer.arrayBuffer())
            .subarray(0, 2)
            .toString('hex'),
        ).toBe('ffd8');
      }
      // Consistent: each balance is the sum of its ledger rows, as restored.
      for (const name of players) {
        const [{ cents }] = await queryDatabase<{ cents: number }>(
          { ...restored, dataDir },
          'SELECT coalesce(sum(l.amount_cents), 0) AS cents FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.username = ?',
          [name],
        );
        expect(after.balances.get(name)).toBeGreaterThan(0);
        expect(after.balances.get(name)).toBe(Number(cents) / 100);
      }
      // New records continue after the restored ones.
      const fresh = await (await logIn(restored, 'bk_ann')).post('/api/purchase-requests', CART);
      expect(fresh.status).toBe(201);
      expect(fresh.body.id).toBeGreaterThan(Math.max(...after.purchases.keys()));
    } finally {
      await server.close().catch(() => {});
      await restored?.close();
      await target?.drop();
    }
  }, 60_000);

  it('when the server writes its own backups, then BACKUP_KEEP of them stay in BACKUP_DIR', async () => {
    const { takeBackup, listBackups } = await import('../../server/backup');
    const server = await startTestServer();
    try {
      const backupDir = folder('blockspin-own-');
      writeFileSync(path.join(backupDir, 'notes.txt'), 'not a backup');
      for (let i = 0; i < 4; i++)
        await takeBackup(server.engine, server.dataDir, { backupDir, backupKeep: 2 }, { now: new Date(Date.UTC(2030, 0, 1 + i)) });
      const kept = listBackups(backupDir).map((file) => path.basename(file));
      const engine = onPostgres() ? 'postgres' : 'sqlite';
      expect(kept).toEqual(
        [`blockspin-${engine}-20300104T000000Z`, `blockspin-${engine}-20300103T000000Z`].map(
          (name) => `${name}.${onPostgres() ? 'jsonl.gz' : 'sqlite'}`,
        ),
      );
      expect(readdirSync(backupDir)).toContain('notes.txt');
    } finally {
      await server.close();
    }
  });
});
