import type { ContactInfo, MarketplaceUser } from '../../../src/domain/schemas/users';
import type { SessionUser } from '../../../src/domain/schemas/auth';
import type { Db } from '../../db/connection';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string | null;
  contact_email: string | null;
  ps5_username: string | null;
  roblox_username: string | null;
  is_admin: number;
  is_super_admin: number;
  created_at: string;
}

/** What the server knows about the caller once the session is checked. */
export interface AuthUser {
  id: number;
  username: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  username: row.username,
  isAdmin: row.is_admin === 1 || row.is_super_admin === 1,
  isSuperAdmin: row.is_super_admin === 1,
});

export const toSessionUser = (row: UserRow): SessionUser => ({
  username: row.username,
  contactEmail: row.contact_email,
  ps5Username: row.ps5_username,
  robloxUsername: row.roblox_username,
  isAdmin: row.is_admin === 1 || row.is_super_admin === 1,
  isSuperAdmin: row.is_super_admin === 1,
});

export const toContactInfo = (row: UserRow): ContactInfo => toSessionUser(row);

export const toMarketplaceUser = (row: UserRow): MarketplaceUser => ({ id: row.id, createdAt: row.created_at, ...toSessionUser(row) });

/** The users table. */
export function createUsersRepository(db: Db) {
  const byName = db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ? COLLATE NOCASE');
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const insert = db.prepare<[string, string | null, number, number, string]>(
    'INSERT INTO users (username, password_hash, is_admin, is_super_admin, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const setPassword = db.prepare<[string, number]>('UPDATE users SET password_hash = ? WHERE id = ?');
  const setContact = db.prepare<[string | null, string | null, string | null, number]>(
    'UPDATE users SET contact_email = ?, ps5_username = ?, roblox_username = ? WHERE id = ?',
  );
  const setAdmin = db.prepare<[number, number]>('UPDATE users SET is_admin = ? WHERE id = ?');
  const all = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at, id');
  const remove = db.prepare<[number]>('DELETE FROM users WHERE id = ?');
  return {
    findByName: (username: string) => byName.get(username),
    findById: (id: number) => byId.get(id),
    insert(username: string, passwordHash: string | null, createdAt: string, flags = { isAdmin: false, isSuperAdmin: false }): number {
      return Number(insert.run(username, passwordHash, flags.isAdmin ? 1 : 0, flags.isSuperAdmin ? 1 : 0, createdAt).lastInsertRowid);
    },
    setPassword: (id: number, hash: string) => setPassword.run(hash, id),
    setContact: (id: number, email: string | null, ps5: string | null, roblox: string | null) => setContact.run(email, ps5, roblox, id),
    setAdmin: (id: number, isAdmin: boolean) => setAdmin.run(isAdmin ? 1 : 0, id),
    /** Makes one user the super admin (and an admin), and nobody else. */
    markSuperAdmin(id: number) {
      db.prepare('UPDATE users SET is_super_admin = 0 WHERE is_super_admin = 1 AND id != ?').run(id);
      db.prepare('UPDATE users SET is_super_admin = 1, is_admin = 1 WHERE id = ?').run(id);
    },
    list: () => all.all(),
    remove: (id: number) => remove.run(id),
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
