-- Issue 29.8-9: passkeys (WebAuthn), admins' TOTP second factor, and which sessions have passed a second factor.

-- One authenticator app per account. enabled_at is null while the QR is shown and not yet confirmed with a code;
-- last_step is the 30-second step of the last accepted code, so a code is never accepted twice.
CREATE TABLE user_totp (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at bigint NOT NULL,
  enabled_at bigint,
  last_step bigint
);

-- Passkeys: the credential id and public key (base64url), its signature counter, and the transports the browser
-- named (JSON), so a later sign-in can offer the right one.
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text,
  name text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Challenges handed out for a WebAuthn ceremony, each used once and only within minutes. user_id is the account
-- adding a passkey (null for a sign-in, where the passkey names its account).
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL
);
CREATE INDEX webauthn_challenges_created_at ON webauthn_challenges (created_at);

-- Sessions that passed a second factor (a TOTP code, or a passkey): an admin's session needs one before admin calls.
CREATE TABLE session_second_factor (
  token_hash text PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
  method text NOT NULL,
  passed_at bigint NOT NULL
);
