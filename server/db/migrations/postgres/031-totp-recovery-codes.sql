-- Issue 52.5: one-time recovery codes, handed out when an authenticator app is confirmed. Only a SHA-256 of each code
-- is kept; used_at is set when one stands in for an authenticator code, so each works once.
CREATE TABLE totp_recovery_codes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint,
  PRIMARY KEY (user_id, code_hash)
);
