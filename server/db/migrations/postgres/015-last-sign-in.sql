-- A user's last sign-in for the super admin's user page (issue 33 item 7). Sessions end and are removed, so the time
-- is kept on the user: every new session (a login, a signup, a passkey) stamps it, by a trigger, so no sign-in path
-- can forget to. Epoch milliseconds, as sessions keep their times. Filled from the sessions there are now. A restore
-- writes users before sessions; the trigger then only ever moves the time forward, so it keeps what was backed up.
ALTER TABLE users ADD COLUMN last_sign_in_at bigint;
UPDATE users SET last_sign_in_at = (SELECT max(created_at) FROM sessions WHERE sessions.user_id = users.id);
CREATE FUNCTION sessions_stamp_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET last_sign_in_at = NEW.created_at
  WHERE id = NEW.user_id AND (last_sign_in_at IS NULL OR last_sign_in_at < NEW.created_at);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_stamp_sign_in AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_stamp_sign_in();
