-- A deleted account signs in by no means (issue 45.1): deletion kept the row (a tombstone), so the ON DELETE CASCADE
-- of its passkeys, sessions and links never ran. What such an account still held is removed here; deletion now
-- removes it in its own transaction (server/modules/users/repository.ts, endCredentials).
DELETE FROM session_second_factor WHERE token_hash IN
  (SELECT token_hash FROM sessions WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL));
DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM passkeys WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM setup_tokens WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM email_verifications WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM verified_emails WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM user_totp WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM webauthn_challenges WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
DELETE FROM push_subscriptions WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL);
