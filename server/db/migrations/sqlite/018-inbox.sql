-- The inbox (issue 30 item 13): every notification meant for one player, kept whether or not a device received it
-- (notifications off, an iPhone outside the Home Screen). Not money or history of a deal: the rows go with their user
-- (with deletion as a tombstone the users row stays, and so do they).
CREATE TABLE inbox_items (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  tag TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX inbox_items_user ON inbox_items (user_id, id);
