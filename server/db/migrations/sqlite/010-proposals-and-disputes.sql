-- Issue 28: a new time is a proposal the other side accepts, and a no-show can be disputed by the player.
-- Users are referenced by foreign key; the rows stay as history (SET NULL, never cascade) when an account goes.

CREATE TABLE proposals (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER NOT NULL,
  scheduled_date TEXT NOT NULL,
  scheduled_time TEXT NOT NULL,
  is_immediate INTEGER NOT NULL DEFAULT 0,
  -- The instant proposed, computed when it was made (an 'Immediately' proposal is re-timed when accepted).
  promised_at TEXT NOT NULL,
  proposed_by_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  proposed_by TEXT NOT NULL,
  proposed_by_role TEXT NOT NULL CHECK (proposed_by_role IN ('admin', 'player')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT
);
CREATE INDEX proposals_subject ON proposals (subject_type, subject_id, id);
-- One open proposal per record: a new one replaces (withdraws) the previous.
CREATE UNIQUE INDEX proposals_one_open ON proposals (subject_type, subject_id) WHERE status = 'open';

CREATE TABLE disputes (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER NOT NULL,
  -- The promise closed as a no-show that the player disputes; one dispute per promise.
  promise_id INTEGER NOT NULL UNIQUE REFERENCES promises (id),
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  username TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'dismissed')),
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT,
  decision_note TEXT
);
CREATE INDEX disputes_open ON disputes (status, id);
