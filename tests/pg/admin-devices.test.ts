import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_DEVICES, ADMIN_DEVICES_JSON } from '../../server/modules/push/admin-devices';
import { useMigratedPostgres } from '../support/migrated-postgres';

// Issue 46: every new purchase request reads the admins' push devices (inside its one statement on PostgreSQL). Among
// thousands of players with devices of their own, that read finds the few staff by an index, not by reading every user.
describe('the admins’ devices among many players', () => {
  const world = useMigratedPostgres(1);

  it('when thousands of players and two staff have devices, then the read answers the staff’s alone, through the staff index', async () => {
    const db = world.engine.tx.kysely();
    await sql`INSERT INTO users (username, password_hash, is_admin, is_super_admin, created_at, language)
      SELECT 'player' || n, 'x', 0, 0, '2026-01-01', NULL FROM generate_series(1, 5000) AS n`.execute(db);
    await sql`INSERT INTO users (username, password_hash, is_admin, is_super_admin, created_at, language)
      VALUES ('staff_admin', 'x', 1, 0, '2026-01-01', 'es'), ('staff_super', 'x', 0, 1, '2026-01-01', NULL)`.execute(db);
    await sql`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) SELECT 'session-' || id, id, 0, 0 FROM users`.execute(
      db,
    );
    await sql`INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, session_hash, created_at)
      SELECT 'https://fcm.googleapis.com/' || id, 'key', 'auth', id, 'session-' || id, '2026-01-01' FROM users`.execute(db);
    await sql`ANALYZE users`.execute(db);
    await sql`ANALYZE push_subscriptions`.execute(db);

    const { rows } = await sql<{ json: Array<{ user_id: number; language: string | null }> }>`SELECT ${ADMIN_DEVICES_JSON} AS json`.execute(
      db,
    );
    const staff = await sql<{
      id: number;
      username: string;
    }>`SELECT id, username FROM users WHERE username LIKE 'staff%' ORDER BY username`.execute(db);
    expect(rows[0].json.map((row) => [row.user_id, row.language]).sort()).toEqual([
      [staff.rows[0].id, 'es'],
      [staff.rows[1].id, null],
    ]);
    const plan = (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${ADMIN_DEVICES}`.execute(db)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('users_staff');
    expect(plan).not.toMatch(/Seq Scan on users/);
  });
});
