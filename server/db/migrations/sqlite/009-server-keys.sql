-- Keys the server signs with (the device cookie of issue 29.2), made once at the first start and then kept, so that a
-- restart or another process accepts the cookies already given out.
CREATE TABLE server_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);
