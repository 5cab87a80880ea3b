import type { Db } from '../../db/connection';
import type { UserRow } from '../users/repository';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

/** A session with its user's row, read in one query on every API call. */
export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

/** Sessions and one-time setup tokens; both stored only as SHA-256 hashes. */
export function createAuthRepository(db: Db) {
  const insertSession = db.prepare<[string, number, number, number]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  // One lookup per API call instead of two (seen in a CPU profile): the session's times and its user's row together.
  const findSession = db.prepare<[string], UserRow & { session_created_at: number; session_last_seen_at: number }>(
    `SELECT u.*, s.created_at AS session_created_at, s.last_seen_at AS session_last_seen_at
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
  );
  const touch = db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const deleteSession = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteUserSessions = db.prepare<[number]>('DELETE FROM sessions WHERE user_id = ?');
  const deleteOtherSessions = db.prepare<[number, string]>('DELETE FROM sessions WHERE user_id = ? AND token_hash != ?');
  const insertToken = db.prepare<[string, number, number]>('INSERT INTO setup_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)');
  const findToken = db.prepare<[string], { token_hash: string; user_id: number; created_at: number }>(
    'SELECT * FROM setup_tokens WHERE token_hash = ?',
  );
  const deleteUserTokens = db.prepare<[number]>('DELETE FROM setup_tokens WHERE user_id = ?');
  const markUserSessionsEnded = db.prepare<[string, number, number]>(
    'INSERT OR REPLACE INTO ended_sessions (token_hash, reason, ended_at) SELECT token_hash, ?, ? FROM sessions WHERE user_id = ?',
  );
  const markOtherSessionsEnded = db.prepare<[string, number, number, string]>(
    'INSERT OR REPLACE INTO ended_sessions (token_hash, reason, ended_at) SELECT token_hash, ?, ? FROM sessions WHERE user_id = ? AND token_hash != ?',
  );
  const markSessionEnded = db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO ended_sessions (token_hash, reason, ended_at) VALUES (?, ?, ?)',
  );
  const findEnded = db.prepare<[string], string>('SELECT reason FROM ended_sessions WHERE token_hash = ?').pluck();
  const forgetEnded = db.prepare<[number]>('DELETE FROM ended_sessions WHERE ended_at < ?');
  return {
    insertSession: (hash: string, userId: number, now: number) => insertSession.run(hash, userId, now, now),
    findSession: (hash: string): SessionWithUser | undefined => {
      const row = findSession.get(hash);
      if (!row) return undefined;
      const { session_created_at, session_last_seen_at, ...user } = row;
      return { session: { token_hash: hash, user_id: user.id, created_at: session_created_at, last_seen_at: session_last_seen_at }, user };
    },
    touchSession: (hash: string, now: number) => touch.run(now, hash),
    deleteSession: (hash: string) => deleteSession.run(hash),
    deleteUserSessions: (userId: number) => deleteUserSessions.run(userId),
    deleteOtherSessions: (userId: number, keepHash: string) => deleteOtherSessions.run(userId, keepHash),
    insertSetupToken: (hash: string, userId: number, now: number) => insertToken.run(hash, userId, now),
    findSetupToken: (hash: string) => findToken.get(hash),
    deleteSetupTokens: (userId: number) => deleteUserTokens.run(userId),
    /** Remembers why the user's sessions (all, or all but one) are ending; call before deleting them. */
    markUserSessionsEnded: (userId: number, reason: string, now: number, exceptHash?: string) =>
      exceptHash ? markOtherSessionsEnded.run(reason, now, userId, exceptHash) : markUserSessionsEnded.run(reason, now, userId),
    markSessionEnded: (hash: string, reason: string, now: number) => markSessionEnded.run(hash, reason, now),
    /** Why the session with this hash ended, when it is remembered. */
    endedReason: (hash: string): string | undefined => findEnded.get(hash),
    forgetEndedBefore: (time: number) => forgetEnded.run(time),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
