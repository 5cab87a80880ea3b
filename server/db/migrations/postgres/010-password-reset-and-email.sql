-- Issue 29.10: one-time password reset links (the setup token table, now with an end), and verified emails.

-- The super admin's first-start link never ends (a fresh one is issued at each start until used); a reset link does.
ALTER TABLE setup_tokens ADD COLUMN expires_at bigint;

-- A link mailed to a contact email; opening it proves the player reads that address.
CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- The address a player proved. It counts only while it is still the account's contact email (compared regardless of
-- case): changing the email needs a new proof.
CREATE TABLE verified_emails (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  verified_at bigint NOT NULL
);
