-- The pickup promise: every scheduled drop or pickup is a promise with an absolute time; a missed one
-- credits the player once. Money in integer cents. Rebuilding item_submissions under the tables that reference it
-- needs foreign keys off while it runs; every reference is checked before it commits.
-- migrate: foreign-keys-off

CREATE TABLE promises (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER NOT NULL,
  -- The player owed the promise (no foreign key: a deleted account's promises stay as history).
  user_id INTEGER,
  promised_at TEXT NOT NULL,
  -- promised_at + the grace period: met when the drop is completed or the pickup collected before it.
  deadline_at TEXT NOT NULL,
  -- What 25% is taken of; null when the item has no price (no credit can be computed).
  base_cents INTEGER,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'missed', 'rescheduled', 'no-show', 'withdrawn')),
  created_at TEXT NOT NULL,
  closed_at TEXT,
  closed_by TEXT
);
-- At most one open promise per record; the job reads the open ones by deadline.
CREATE UNIQUE INDEX promises_one_open ON promises (subject_type, subject_id) WHERE status = 'open';
CREATE INDEX promises_due ON promises (deadline_at) WHERE status = 'open';

-- Append-only: a correction is a new entry. `cause` names why an entry exists (the promise missed, the request
-- paid with credit, ...) and is unique, so a job run twice, a restart or a second process can never write it twice.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('missed-drop', 'missed-pickup', 'spent', 'returned', 'reversal')),
  subject_type TEXT CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER,
  reason TEXT,
  cause TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by TEXT
);
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

-- Purchase requests: 'cancelled' by the player, the credit applied, the current promise.
CREATE TABLE purchase_requests_new (
  id INTEGER PRIMARY KEY,
  requester_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  requester_name TEXT NOT NULL,
  items TEXT NOT NULL,
  total_price REAL NOT NULL,
  total_items INTEGER NOT NULL,
  contact_email TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'completed', 'cancelled')),
  created_at TEXT NOT NULL,
  requested_at TEXT,
  approved_at TEXT,
  rejected_at TEXT,
  completed_at TEXT,
  rejection_reason TEXT,
  scheduled_date TEXT,
  scheduled_time TEXT,
  is_immediate_schedule INTEGER NOT NULL DEFAULT 0,
  cancelled_at TEXT,
  credit_applied_cents INTEGER NOT NULL DEFAULT 0 CHECK (credit_applied_cents >= 0),
  promise_id INTEGER REFERENCES promises (id)
);
INSERT INTO purchase_requests_new (id, requester_id, requester_name, items, total_price, total_items, contact_email, status, created_at,
  requested_at, approved_at, rejected_at, completed_at, rejection_reason, scheduled_date, scheduled_time, is_immediate_schedule)
SELECT id, requester_id, requester_name, items, total_price, total_items, contact_email, status, created_at,
  requested_at, approved_at, rejected_at, completed_at, rejection_reason, scheduled_date, scheduled_time, is_immediate_schedule
FROM purchase_requests;
DROP TABLE purchase_requests;
ALTER TABLE purchase_requests_new RENAME TO purchase_requests;
CREATE INDEX purchase_requests_requester ON purchase_requests (requester_id);

-- Item submissions: 'cancelled' by the player, and the reason of a denial.
CREATE TABLE item_submissions_new (
  id INTEGER PRIMARY KEY,
  submitter_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  submitted_by TEXT NOT NULL,
  ps5_name TEXT NOT NULL,
  roblox_name TEXT NOT NULL,
  image_file TEXT UNIQUE,
  thumbnail_file TEXT UNIQUE,
  quantity INTEGER NOT NULL,
  has_multiple_quantity INTEGER NOT NULL DEFAULT 0,
  payment_method TEXT CHECK (payment_method IN ('usd', 'blockspin')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'rejected', 'scheduled', 'cancelled')),
  created_at TEXT NOT NULL,
  rejected_at TEXT,
  rejection_reason TEXT,
  cancelled_at TEXT
);
INSERT INTO item_submissions_new (id, submitter_id, submitted_by, ps5_name, roblox_name, image_file, thumbnail_file, quantity,
  has_multiple_quantity, payment_method, status, created_at, rejected_at)
SELECT id, submitter_id, submitted_by, ps5_name, roblox_name, image_file, thumbnail_file, quantity,
  has_multiple_quantity, payment_method, status, created_at, rejected_at
FROM item_submissions;
DROP TABLE item_submissions;
ALTER TABLE item_submissions_new RENAME TO item_submissions;
CREATE INDEX item_submissions_submitter ON item_submissions (submitter_id);

-- Sell requests follow their submission, so they can be 'cancelled' too.
CREATE TABLE user_sell_requests_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  username TEXT NOT NULL,
  item_name TEXT NOT NULL,
  category TEXT NOT NULL,
  has_multiple_quantity INTEGER NOT NULL DEFAULT 0,
  quantity INTEGER NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('usd', 'blockspin')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  submission_id INTEGER NOT NULL REFERENCES item_submissions (id),
  created_at TEXT NOT NULL
);
INSERT INTO user_sell_requests_new SELECT id, user_id, username, item_name, category, has_multiple_quantity, quantity, payment_method, status,
  submission_id, created_at FROM user_sell_requests;
DROP TABLE user_sell_requests;
ALTER TABLE user_sell_requests_new RENAME TO user_sell_requests;
CREATE INDEX user_sell_requests_user ON user_sell_requests (user_id);
CREATE INDEX user_sell_requests_submission ON user_sell_requests (submission_id);

-- Pickups: the price agreed for an item the catalogue has no price for, and the current promise.
ALTER TABLE scheduled_pickups ADD COLUMN agreed_price_cents INTEGER CHECK (agreed_price_cents > 0);
ALTER TABLE scheduled_pickups ADD COLUMN promise_id INTEGER REFERENCES promises (id);

-- The app now reads a record's history (GET /api/history/...).
CREATE INDEX IF NOT EXISTS audit_history_subject ON audit_history (subject_type, subject_id, id);
