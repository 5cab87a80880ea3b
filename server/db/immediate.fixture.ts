// Test data of migrations 051 and 052 (one "immediate": the flag), shared by their tests on both engines: rows as the
// server wrote them before them ('Immediately' in the date beside the flag, and an older row with the date alone), and
// what the migrations must leave of them: the flag set and the date NULL for every immediate drop, pickup and proposal.

/** Statements (the same SQL on both engines) storing the old rows; run in order. */
export const OLD_IMMEDIATE_ROWS = [
  "INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')",
  `INSERT INTO purchase_requests (id, requester_id, requester_name, total_cents, total_items, status, created_at, scheduled_date, scheduled_time, is_immediate_schedule) VALUES
    (1, 1, 'sam', 100, 1, 'approved', 'x', 'Immediately', '', 1),
    (2, 1, 'sam', 100, 1, 'approved', 'x', 'Immediately', '', 0),
    (3, 1, 'sam', 100, 1, 'approved', 'x', '1/2/2030', '4:00 PM', 0),
    (4, 1, 'sam', 100, 1, 'pending', 'x', NULL, NULL, 0)`,
  `INSERT INTO item_submissions (id, submitter_id, submitted_by, ps5_name, roblox_name, quantity, status, created_at) VALUES
    (1, 1, 'sam', 'AK-47', 'Weapons', 1, 'scheduled', 'x'), (2, 1, 'sam', 'AK-47', 'Weapons', 1, 'scheduled', 'x')`,
  `INSERT INTO item_submissions (id, submitter_id, submitted_by, ps5_name, roblox_name, quantity, status, created_at) VALUES
    (3, 1, 'sam', 'AK-47', 'Weapons', 1, 'scheduled', 'x')`,
  `INSERT INTO scheduled_pickups (id, submission_id, scheduled_date, scheduled_time, is_immediate, created_at, agreed_price_cents) VALUES
    (1, 1, 'Immediately', '', 0, 'x', 250), (2, 2, '1/2/2030', '4:00 PM', 0, 'x', NULL), (3, 3, 'Immediately', '', 1, 'y', NULL)`,
  `INSERT INTO proposals (id, subject_type, subject_id, scheduled_date, scheduled_time, is_immediate, promised_at, proposed_by, proposed_by_role, status, created_at) VALUES
    (1, 'pickup', 1, 'Immediately', '', 0, 'x', 'sam', 'player', 'declined', 'x'),
    (2, 'pickup', 2, '1/2/2030', '4:00 PM', 0, 'x', 'sam', 'player', 'open', 'x'),
    (3, 'pickup', 1, 'Immediately', '', 1, 'y', 'sam', 'admin', 'open', 'y')`,
];

/**
 * After the migrations: an immediate pickup and proposal are stored with the date NULL, and the rebuilt proposals
 * table keeps its rule of one open proposal per record (the second statement must fail).
 */
export const IMMEDIATE_WRITES = {
  accepted: [
    "INSERT INTO item_submissions (id, submitter_id, submitted_by, ps5_name, roblox_name, quantity, status, created_at) VALUES (4, 1, 'sam', 'AK-47', 'Weapons', 1, 'scheduled', 'z')",
    "INSERT INTO scheduled_pickups (id, submission_id, scheduled_date, scheduled_time, is_immediate, created_at) VALUES (4, 4, NULL, '', 1, 'z')",
    "INSERT INTO proposals (id, subject_type, subject_id, scheduled_date, scheduled_time, is_immediate, promised_at, proposed_by, proposed_by_role, created_at) VALUES (4, 'pickup', 4, NULL, '', 1, 'z', 'sam', 'player', 'z')",
  ],
  refused:
    "INSERT INTO proposals (id, subject_type, subject_id, scheduled_date, scheduled_time, is_immediate, promised_at, proposed_by, proposed_by_role, created_at) VALUES (5, 'pickup', 4, NULL, '', 1, 'z', 'sam', 'admin', 'z')",
};

/** What the migration leaves, read by the queries of IMMEDIATE_READS. */
export const IMMEDIATE_AFTER = {
  requests: [
    { id: 1, scheduled_date: null, scheduled_time: '', is_immediate_schedule: 1 },
    { id: 2, scheduled_date: null, scheduled_time: '', is_immediate_schedule: 1 },
    { id: 3, scheduled_date: '1/2/2030', scheduled_time: '4:00 PM', is_immediate_schedule: 0 },
    { id: 4, scheduled_date: null, scheduled_time: null, is_immediate_schedule: 0 },
  ],
  pickups: [
    { id: 1, submission_id: 1, scheduled_date: null, scheduled_time: '', is_immediate: 1, created_at: 'x', agreed_price_cents: 250 },
    {
      id: 2,
      submission_id: 2,
      scheduled_date: '1/2/2030',
      scheduled_time: '4:00 PM',
      is_immediate: 0,
      created_at: 'x',
      agreed_price_cents: null,
    },
    { id: 3, submission_id: 3, scheduled_date: null, scheduled_time: '', is_immediate: 1, created_at: 'y', agreed_price_cents: null },
  ],
  proposals: [
    { id: 1, subject_id: 1, scheduled_date: null, scheduled_time: '', is_immediate: 1, proposed_by_role: 'player', status: 'declined' },
    {
      id: 2,
      subject_id: 2,
      scheduled_date: '1/2/2030',
      scheduled_time: '4:00 PM',
      is_immediate: 0,
      proposed_by_role: 'player',
      status: 'open',
    },
    { id: 3, subject_id: 1, scheduled_date: null, scheduled_time: '', is_immediate: 1, proposed_by_role: 'admin', status: 'open' },
  ],
};

/** The queries whose rows IMMEDIATE_AFTER lists, by the same names. */
export const IMMEDIATE_READS = {
  requests: 'SELECT id, scheduled_date, scheduled_time, is_immediate_schedule FROM purchase_requests ORDER BY id',
  pickups:
    'SELECT id, submission_id, scheduled_date, scheduled_time, is_immediate, created_at, agreed_price_cents FROM scheduled_pickups ORDER BY id',
  proposals: 'SELECT id, subject_id, scheduled_date, scheduled_time, is_immediate, proposed_by_role, status FROM proposals ORDER BY id',
};
