// Test data of migration 051 (one "immediate": the flag), shared by its tests on both engines: rows as the server
// wrote them before it ('Immediately' in the date beside the flag, and an older row with the date alone), and what
// the migration must leave of them.

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
  `INSERT INTO scheduled_pickups (id, submission_id, scheduled_date, scheduled_time, is_immediate, created_at) VALUES
    (1, 1, 'Immediately', '', 0, 'x'), (2, 2, '1/2/2030', '4:00 PM', 0, 'x')`,
  `INSERT INTO proposals (id, subject_type, subject_id, scheduled_date, scheduled_time, is_immediate, promised_at, proposed_by, proposed_by_role, created_at) VALUES
    (1, 'pickup', 1, 'Immediately', '', 0, 'x', 'sam', 'player', 'x'), (2, 'pickup', 2, '1/2/2030', '4:00 PM', 0, 'x', 'sam', 'player', 'x')`,
];

/** What the migration leaves, read by the queries of IMMEDIATE_READS. */
export const IMMEDIATE_AFTER = {
  requests: [
    { id: 1, scheduled_date: null, scheduled_time: '', is_immediate_schedule: 1 },
    { id: 2, scheduled_date: null, scheduled_time: '', is_immediate_schedule: 1 },
    { id: 3, scheduled_date: '1/2/2030', scheduled_time: '4:00 PM', is_immediate_schedule: 0 },
    { id: 4, scheduled_date: null, scheduled_time: null, is_immediate_schedule: 0 },
  ],
  pickups: [
    { id: 1, scheduled_date: 'Immediately', is_immediate: 1 },
    { id: 2, scheduled_date: '1/2/2030', is_immediate: 0 },
  ],
  proposals: [
    { id: 1, scheduled_date: 'Immediately', is_immediate: 1 },
    { id: 2, scheduled_date: '1/2/2030', is_immediate: 0 },
  ],
};

/** The queries whose rows IMMEDIATE_AFTER lists, by the same names. */
export const IMMEDIATE_READS = {
  requests: 'SELECT id, scheduled_date, scheduled_time, is_immediate_schedule FROM purchase_requests ORDER BY id',
  pickups: 'SELECT id, scheduled_date, is_immediate FROM scheduled_pickups ORDER BY id',
  proposals: 'SELECT id, scheduled_date, is_immediate FROM proposals ORDER BY id',
};
