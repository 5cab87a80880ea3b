-- Ids are never reused (issue 29.1): a deleted player's id once went to the next signup, who then saw and spent the
-- deleted player's credit. `users` gets AUTOINCREMENT (SQLite otherwise hands out max(id) + 1 again), and a deleted
-- account stays as a tombstone (deleted_at set, its name moved aside so a new account may take it under a new id).
-- Promises and ledger entries now reference their user by a foreign key (no cascade: money and history stay).
-- Rebuilding users under the tables that reference it needs foreign keys off; every reference is checked at the end.
-- migrate: foreign-keys-off

CREATE TABLE users_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,
  contact_email TEXT,
  ps5_username TEXT,
  roblox_username TEXT,
  is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  is_super_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_super_admin IN (0, 1)),
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
INSERT INTO users_new (id, username, password_hash, contact_email, ps5_username, roblox_username, is_admin, is_super_admin, created_at)
SELECT id, username, password_hash, contact_email, ps5_username, roblox_username, is_admin, is_super_admin, created_at FROM users;
-- Accounts deleted before this migration left promises and ledger entries naming an id with no row: a tombstone each.
INSERT INTO users_new (id, username, created_at, deleted_at)
SELECT orphan.user_id, '~' || orphan.user_id, '1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z'
FROM (SELECT user_id FROM credit_ledger UNION SELECT user_id FROM promises WHERE user_id IS NOT NULL) AS orphan
WHERE orphan.user_id NOT IN (SELECT id FROM users);
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_created_at ON users (created_at);

CREATE TABLE promises_new (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER NOT NULL,
  user_id INTEGER REFERENCES users (id),
  promised_at TEXT NOT NULL,
  deadline_at TEXT NOT NULL,
  base_cents INTEGER,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'missed', 'rescheduled', 'no-show', 'withdrawn')),
  created_at TEXT NOT NULL,
  closed_at TEXT,
  closed_by TEXT
);
INSERT INTO promises_new SELECT id, subject_type, subject_id, user_id, promised_at, deadline_at, base_cents, status, created_at, closed_at,
  closed_by FROM promises;
DROP TABLE promises;
ALTER TABLE promises_new RENAME TO promises;
CREATE UNIQUE INDEX promises_one_open ON promises (subject_type, subject_id) WHERE status = 'open';
CREATE INDEX promises_due ON promises (deadline_at) WHERE status = 'open';
CREATE INDEX promises_user_open ON promises (user_id) WHERE status = 'open';

CREATE TABLE credit_ledger_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('missed-drop', 'missed-pickup', 'spent', 'returned', 'reversal')),
  subject_type TEXT CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER,
  reason TEXT,
  cause TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by TEXT
);
INSERT INTO credit_ledger_new SELECT id, user_id, amount_cents, kind, subject_type, subject_id, reason, cause, created_at, created_by
FROM credit_ledger;
DROP TABLE credit_ledger;
ALTER TABLE credit_ledger_new RENAME TO credit_ledger;
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);
CREATE TRIGGER credit_ledger_no_update BEFORE UPDATE ON credit_ledger
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;
CREATE TRIGGER credit_ledger_no_delete BEFORE DELETE ON credit_ledger
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;
CREATE TRIGGER credit_ledger_never_negative AFTER INSERT ON credit_ledger
WHEN (SELECT SUM(amount_cents) FROM credit_ledger WHERE user_id = NEW.user_id) < 0
BEGIN
  SELECT RAISE(ABORT, 'a credit balance cannot go below zero');
END;
