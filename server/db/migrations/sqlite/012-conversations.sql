-- Issue 28 item 1: one conversation per deal (a purchase request, or a submission with its pickup) between its owner
-- and the admins. A deal's thread, its messages and its read marks go when the deal itself is deleted (cascade);
-- an author is a user by id, and the name written at the time stays with the message.
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  purchase_request_id INTEGER UNIQUE REFERENCES purchase_requests (id) ON DELETE CASCADE,
  submission_id INTEGER UNIQUE REFERENCES item_submissions (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  CHECK ((purchase_request_id IS NULL) <> (submission_id IS NULL))
);

CREATE TABLE conversation_messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  author_name TEXT NOT NULL,
  author_role TEXT NOT NULL CHECK (author_role IN ('player', 'admin')),
  body TEXT,
  photo_file TEXT UNIQUE,
  thumbnail_file TEXT UNIQUE,
  created_at TEXT NOT NULL,
  CHECK (body IS NOT NULL OR photo_file IS NOT NULL)
);
CREATE INDEX conversation_messages_thread ON conversation_messages (conversation_id, id);

-- Read state per person: everything up to last_read_id is read.
CREATE TABLE conversation_reads (
  conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_read_id INTEGER NOT NULL,
  PRIMARY KEY (conversation_id, user_id)
) WITHOUT ROWID;
CREATE INDEX conversation_reads_user ON conversation_reads (user_id);

-- The admins' quick replies, in order; the super admin edits the list.
CREATE TABLE quick_replies (
  position INTEGER PRIMARY KEY,
  body TEXT NOT NULL
);
INSERT INTO quick_replies (position, body) VALUES (1, 'On my way'), (2, 'I''m at the spot'), (3, 'Join my server: …');
