-- Issue 29.8-9: passkeys (WebAuthn), admins' TOTP second factor, and which sessions have passed a second factor.

-- One authenticator app per account. enabled_at is null while the QR is shown and not yet confirmed with a code;
-- last_step is the 30-second step of the last accepted code, so a code is never accepted twice.
CREATE TABLE user_totp (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  enabled_at INTEGER,
  last_step INTEGER
);

-- Passkeys: the credential id and public key (base64url), its signature counter, and the transports the browser
-- named (JSON), so a later sign-in can offer the right one.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Challenges handed out for a WebAuthn ceremony, each used once and only within minutes. user_id is the account
-- adding a passkey (null for a sign-in, where the passkey names its account).
CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
CREATE INDEX webauthn_challenges_created_at ON webauthn_challenges (created_at);

-- Sessions that passed a second factor (a TOTP code, or a passkey): an admin's session needs one before admin calls.
CREATE TABLE session_second_factor (
  token_hash TEXT PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
  method TEXT NOT NULL,
  passed_at INTEGER NOT NULL
) WITHOUT ROWID;
