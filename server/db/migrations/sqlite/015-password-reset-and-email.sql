-- Issue 29.10: one-time password reset links (the setup token table, now with an end), and verified emails.

-- The super admin's first-start link never ends (a fresh one is issued at each start until used); a reset link does.
ALTER TABLE setup_tokens ADD COLUMN expires_at INTEGER;

-- A link mailed to a contact email; opening it proves the player reads that address.
CREATE TABLE email_verifications (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- The address a player proved. It counts only while it is still the account's contact email (compared regardless of
-- case): changing the email needs a new proof.
CREATE TABLE verified_emails (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  verified_at INTEGER NOT NULL
);
