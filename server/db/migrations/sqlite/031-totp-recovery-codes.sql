-- Issue 52.5: one-time recovery codes, handed out when an authenticator app is confirmed. Only a SHA-256 of each code
-- is kept; used_at is set when one stands in for an authenticator code, so each works once.
CREATE TABLE totp_recovery_codes (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
) WITHOUT ROWID;
