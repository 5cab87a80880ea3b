import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/server';
import { Client, queryDatabase, signUp, submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();

/** AK-47: a $2.70 USD payout, so a missed pickup credits $0.68. */
const AK = { ps5Name: 'AK-47', robloxName: 'weapons', quantity: 1 };

async function pickupAt(player: Client, scheduledDate: string) {
  const submission = await submitItem(player, AK);
  const created = await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, scheduledDate, scheduledTime: '4:30 PM' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number };
}

const balanceOf = async (client: Client, username: string) => (await client.get(`/api/marketplace/credit/${username}`)).body;
const idOf = async (username: string) =>
  ((await cast.superAdmin.get('/api/admin/marketplace-users')).body as Array<{ id: number; username: string }>).find(
    (u) => u.username === username,
  )?.id;

describe('DELETE /api/admin/marketplace-users/{username}: a tombstone, never a reused id', () => {
  it('when a player with credit and an open promise is deleted and the name signs up again, then the newcomer has a new id and none of the money, now or later', async () => {
    const dana = await signUp(server, 'dana');
    // A promise missed (credited by the job run as if it were June of YEAR) and one still open (November).
    const missed = await pickupAt(dana, `3/14/${YEAR}`);
    await server.runPromiseJob(new Date(`${YEAR}-06-01T00:00:00Z`));
    expect((await balanceOf(dana, 'dana')).balance).toBe(0.68);
    const open = await pickupAt(dana, `11/14/${YEAR}`);
    const proposal = await cast.admin.post('/api/proposals', {
      subjectType: 'pickup',
      subjectId: open.id,
      scheduledDate: `11/20/${YEAR}`,
      scheduledTime: '4:30 PM',
    });
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(201);
    // The newest account: with a plain rowid, the next signup would get its id back.
    const oldId = (await idOf('dana'))!;
    expect(oldId).toBeGreaterThan(0);

    const preview = await cast.superAdmin.get('/api/admin/marketplace-users/dana/deletion');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ username: 'dana', balance: 0.68, openPurchaseRequests: 0, openSubmissions: 2, openPromises: 1 });
    expect((await cast.admin.get('/api/admin/marketplace-users/dana/deletion')).status).toBe(403);

    expect((await cast.superAdmin.delete('/api/admin/marketplace-users/dana')).status).toBe(204);
    const newcomer = await signUp(server, 'Dana');
    const newId = (await idOf('Dana'))!;
    expect(newId).toBeGreaterThan(oldId);
    expect(await balanceOf(newcomer, 'Dana')).toEqual({ balance: 0, entries: [] });

    // The open promise ended with the account, noted in the pickup's history; the job never credits it.
    const history = (await cast.admin.get(`/api/history/pickup/${open.id}`)).body as Array<{ note: string | null; actorName: string }>;
    expect(history.at(-1)).toMatchObject({
      actorName: 'admin',
      note: "The player's account was deleted, so the promised pickup time no longer holds and no store credit is owed.",
    });
    const proposals = (await cast.admin.get(`/api/proposals?subjectType=pickup&subjectId=${open.id}`)).body as Array<{ status: string }>;
    expect(proposals.map((p) => p.status)).toEqual(['withdrawn']);
    expect(await server.runPromiseJob(new Date('2032-01-01T00:00:00Z'))).toBe(0);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${open.id}/complete`, {})).status).toBe(200);
    expect((await balanceOf(newcomer, 'Dana')).balance).toBe(0);

    // The ledger keeps the deleted account's entry under its own id, which still has its row (a tombstone).
    const ledger = await queryDatabase<{ user_id: number; amount_cents: number }>(
      server,
      'SELECT user_id, amount_cents FROM credit_ledger WHERE subject_id = ? AND kind = ?',
      [missed.id, 'missed-pickup'],
    );
    expect(ledger.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }))).toEqual([{ user_id: oldId, amount_cents: 68 }]);
    const tombstone = await queryDatabase<{ username: string; deleted_at: string | null; password_hash: string | null }>(
      server,
      'SELECT username, deleted_at, password_hash FROM users WHERE id = ?',
      [oldId],
    );
    expect(tombstone).toEqual([{ username: `~${oldId}:dana`, deleted_at: expect.any(String), password_hash: null }]);
    // Credit held by a deleted account is no longer outstanding: nobody can spend it.
    const stats = (await cast.superAdmin.get('/api/admin/stats')).body;
    expect(stats.creditOutstanding).toBe(0);
    expect(stats.totalUsers).toBe(5);
  });

  it('when a row names a user id that has no account, then the database refuses it (foreign keys on promises and the ledger)', async () => {
    const orphans = [
      [
        'INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (?, ?, ?, ?, ?)',
        [999_999, 100, 'missed-drop', 'test:orphan', 'x'],
      ],
      [
        'INSERT INTO promises (subject_type, subject_id, user_id, promised_at, deadline_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        ['pickup', 1, 999_999, 'x', 'x', 'x'],
      ],
    ] as const;
    for (const [text, params] of orphans) {
      if (onPostgres()) {
        await expect(queryDatabase(server, text, [...params])).rejects.toThrow(/foreign key/i);
        continue;
      }
      // The server's connection has foreign keys on; a new one must ask for them.
      const db = new Database(path.join(server.dataDir, 'blockspin.sqlite'));
      try {
        db.pragma('foreign_keys = ON');
        expect(() => db.prepare(text).run(...params)).toThrow(/FOREIGN KEY/);
      } finally {
        db.close();
      }
    }
  });

  it('when the super admin asks about an unknown user or the super admin, then 404 and 403', async () => {
    expect((await cast.superAdmin.get('/api/admin/marketplace-users/ghost_user/deletion')).status).toBe(404);
    expect((await cast.superAdmin.get('/api/admin/marketplace-users/admin/deletion')).status).toBe(403);
  });
});
