-- Sessions ended by something the player did not do themselves (a demotion, a password change elsewhere, the
-- account's deletion, or the session's age), kept by token hash for a while so the next call made with that cookie
-- is told why it has to log in again. No foreign key: the user may be gone.
CREATE TABLE ended_sessions (
  token_hash TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  ended_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);
