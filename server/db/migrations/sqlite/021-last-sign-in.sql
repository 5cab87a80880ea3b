-- A user's last sign-in for the super admin's user page (issue 33 item 7). Sessions end and are removed, so the time
-- is kept on the user: every new session (a login, a signup, a passkey) stamps it, by a trigger, so no sign-in path
-- can forget to. Epoch milliseconds, as sessions keep their times. Filled from the sessions there are now.
ALTER TABLE users ADD COLUMN last_sign_in_at INTEGER;
UPDATE users SET last_sign_in_at = (SELECT MAX(created_at) FROM sessions WHERE sessions.user_id = users.id);
CREATE TRIGGER sessions_stamp_sign_in AFTER INSERT ON sessions
BEGIN
  UPDATE users SET last_sign_in_at = NEW.created_at
  WHERE id = NEW.user_id AND (last_sign_in_at IS NULL OR last_sign_in_at < NEW.created_at);
END;
