-- Web Push: one row per browser endpoint. A row belongs to the session that registered it, so logging out (or any
-- other end of that session: a password change elsewhere, a demotion, the account's deletion) removes the device.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_hash TEXT NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_success_at TEXT,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- The newest store credit entry a player was notified of, so a balance announced again is not notified twice.
CREATE TABLE push_credit_notified (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_entry_id INTEGER NOT NULL
);
