-- Issue 48: "immediate" is stored once for pickups and proposals too, as their flag (migration 051 did it for purchase
-- requests). A pickup or proposal to happen right away kept the date 'Immediately' beside is_immediate = 1; the date
-- is now NULL for it (the API still answers 'Immediately', written from the flag where a pickup or proposal is read).
-- A row whose date read 'Immediately' without its flag gets the flag first, so that none is read as a date.
-- SQLite cannot drop a NOT NULL, so both tables are rebuilt (its 12-step change) with every row and their indexes as
-- the earlier migrations left them. No table references either, so foreign keys stay on and their own references (to
-- item_submissions, promises and users) are checked row by row as they are copied.
CREATE TABLE scheduled_pickups_new (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL UNIQUE REFERENCES item_submissions (id),
  scheduled_date TEXT,
  scheduled_time TEXT NOT NULL,
  is_immediate INTEGER NOT NULL DEFAULT 0,
  completed INTEGER NOT NULL DEFAULT 0,
  completed_at TEXT,
  collected_at TEXT,
  paid INTEGER NOT NULL DEFAULT 0,
  paid_at TEXT,
  created_at TEXT NOT NULL,
  agreed_price_cents INTEGER CHECK (agreed_price_cents > 0),
  promise_id INTEGER REFERENCES promises (id)
);
INSERT INTO scheduled_pickups_new
SELECT id, submission_id,
  CASE WHEN is_immediate = 1 OR scheduled_date = 'Immediately' THEN NULL ELSE scheduled_date END,
  scheduled_time,
  CASE WHEN is_immediate = 1 OR scheduled_date = 'Immediately' THEN 1 ELSE 0 END,
  completed, completed_at, collected_at, paid, paid_at, created_at, agreed_price_cents, promise_id
FROM scheduled_pickups ORDER BY id;
DROP TABLE scheduled_pickups;
ALTER TABLE scheduled_pickups_new RENAME TO scheduled_pickups;

CREATE TABLE proposals_new (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('purchase_request', 'pickup')),
  subject_id INTEGER NOT NULL,
  -- NULL for an immediate proposal (is_immediate = 1).
  scheduled_date TEXT,
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
INSERT INTO proposals_new
SELECT id, subject_type, subject_id,
  CASE WHEN is_immediate = 1 OR scheduled_date = 'Immediately' THEN NULL ELSE scheduled_date END,
  scheduled_time,
  CASE WHEN is_immediate = 1 OR scheduled_date = 'Immediately' THEN 1 ELSE 0 END,
  promised_at, proposed_by_id, proposed_by, proposed_by_role, status, created_at, decided_at, decided_by
FROM proposals ORDER BY id;
DROP TABLE proposals;
ALTER TABLE proposals_new RENAME TO proposals;
CREATE INDEX proposals_subject ON proposals (subject_type, subject_id, id);
CREATE UNIQUE INDEX proposals_one_open ON proposals (subject_type, subject_id) WHERE status = 'open';
