import type { Db } from '../../db/connection';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

/** Sessions and one-time setup tokens; both stored only as SHA-256 hashes. */
export function createAuthRepository(db: Db) {
  const insertSession = db.prepare<[string, number, number, number]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const findSession = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE token_hash = ?');
  const touch = db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const deleteSession = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteUserSessions = db.prepare<[number]>('DELETE FROM sessions WHERE user_id = ?');
  const deleteOtherSessions = db.prepare<[number, string]>('DELETE FROM sessions WHERE user_id = ? AND token_hash != ?');
  const insertToken = db.prepare<[string, number, number]>('INSERT INTO setup_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)');
  const findToken = db.prepare<[string], { token_hash: string; user_id: number; created_at: number }>(
    'SELECT * FROM setup_tokens WHERE token_hash = ?',
  );
  const deleteUserTokens = db.prepare<[number]>('DELETE FROM setup_tokens WHERE user_id = ?');
  return {
    insertSession: (hash: string, userId: number, now: number) => insertSession.run(hash, userId, now, now),
    findSession: (hash: string) => findSession.get(hash),
    touchSession: (hash: string, now: number) => touch.run(now, hash),
    deleteSession: (hash: string) => deleteSession.run(hash),
    deleteUserSessions: (userId: number) => deleteUserSessions.run(userId),
    deleteOtherSessions: (userId: number, keepHash: string) => deleteOtherSessions.run(userId, keepHash),
    insertSetupToken: (hash: string, userId: number, now: number) => insertToken.run(hash, userId, now),
    findSetupToken: (hash: string) => findToken.get(hash),
    deleteSetupTokens: (userId: number) => deleteUserTokens.run(userId),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
