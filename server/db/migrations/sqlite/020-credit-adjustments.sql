-- The super admin's manual credit adjustment (issue 33 item 7): a ledger entry of its own kind, 'adjustment', positive
-- or negative, always with a reason; never an edit. SQLite cannot change a CHECK, so the ledger is rebuilt (its
-- 12-step change) with every row, its index and its three triggers as migration 008 left them. Nothing references
-- credit_ledger, so foreign keys stay on and its own reference to users is checked row by row as it is copied.
CREATE TABLE credit_ledger_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('missed-drop', 'missed-pickup', 'spent', 'returned', 'reversal', 'adjustment')),
  subject_type TEXT CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER,
  reason TEXT,
  cause TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by TEXT
);
INSERT INTO credit_ledger_new SELECT id, user_id, amount_cents, kind, subject_type, subject_id, reason, cause, created_at, created_by
FROM credit_ledger ORDER BY id;
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
