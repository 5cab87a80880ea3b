-- Users: names unique regardless of case; password_hash is null until set (super admin setup link).
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,
  contact_email TEXT,
  ps5_username TEXT,
  roblox_username TEXT,
  is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  is_super_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_super_admin IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE INDEX users_created_at ON users (created_at);

-- Only the SHA-256 of the session token is stored; times are epoch milliseconds.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time password setup links (the super admin's first password).
CREATE TABLE setup_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);

-- Records keep the owner's name when the account is deleted (owner id set to null).
CREATE TABLE purchase_requests (
  id INTEGER PRIMARY KEY,
  requester_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  requester_name TEXT NOT NULL,
  items TEXT NOT NULL,
  total_price REAL NOT NULL,
  total_items INTEGER NOT NULL,
  contact_email TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'completed')),
  created_at TEXT NOT NULL,
  requested_at TEXT,
  approved_at TEXT,
  rejected_at TEXT,
  completed_at TEXT,
  rejection_reason TEXT,
  scheduled_date TEXT,
  scheduled_time TEXT,
  is_immediate_schedule INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX purchase_requests_created_at ON purchase_requests (created_at DESC, id DESC);
CREATE INDEX purchase_requests_status ON purchase_requests (status, created_at DESC);
CREATE INDEX purchase_requests_requester ON purchase_requests (requester_id, created_at DESC);

CREATE TABLE item_submissions (
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
  status TEXT NOT NULL CHECK (status IN ('pending', 'rejected', 'scheduled')),
  created_at TEXT NOT NULL,
  rejected_at TEXT
);
CREATE INDEX item_submissions_created_at ON item_submissions (created_at DESC, id DESC);
CREATE INDEX item_submissions_status ON item_submissions (status, created_at DESC);
CREATE INDEX item_submissions_submitter ON item_submissions (submitter_id, created_at DESC);

CREATE TABLE user_sell_requests (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  username TEXT NOT NULL,
  item_name TEXT NOT NULL,
  category TEXT NOT NULL,
  has_multiple_quantity INTEGER NOT NULL DEFAULT 0,
  quantity INTEGER NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('usd', 'blockspin')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  submission_id INTEGER NOT NULL REFERENCES item_submissions (id),
  created_at TEXT NOT NULL
);
CREATE INDEX user_sell_requests_user ON user_sell_requests (user_id, created_at DESC);
CREATE INDEX user_sell_requests_submission ON user_sell_requests (submission_id);
CREATE INDEX user_sell_requests_status ON user_sell_requests (status, created_at DESC);

-- One pickup per submission.
CREATE TABLE scheduled_pickups (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL UNIQUE REFERENCES item_submissions (id),
  scheduled_date TEXT NOT NULL,
  scheduled_time TEXT NOT NULL,
  is_immediate INTEGER NOT NULL DEFAULT 0,
  completed INTEGER NOT NULL DEFAULT 0,
  completed_at TEXT,
  collected_at TEXT,
  paid INTEGER NOT NULL DEFAULT 0,
  paid_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX scheduled_pickups_created_at ON scheduled_pickups (created_at DESC, id DESC);
CREATE INDEX scheduled_pickups_status ON scheduled_pickups (completed, paid);

-- Every state change, for the audit history: subject, from, to, who, when.
CREATE TABLE audit_history (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL,
  subject_id INTEGER NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  actor_id INTEGER,
  actor_name TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX audit_history_subject ON audit_history (subject_type, subject_id, id);

-- Idempotent creation (a repeated Idempotency-Key answers the first result): stored in the same transaction as what it created.
CREATE TABLE idempotency_keys (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
