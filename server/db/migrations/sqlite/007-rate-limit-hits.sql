-- express-rate-limit's counters in the database (the store several processes share; one process counts in memory).
CREATE TABLE rate_limit_hits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
);
