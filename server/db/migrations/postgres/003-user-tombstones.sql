-- Ids are never reused (issue 29.1; identities already never hand an id out twice), and a deleted account stays as a
-- tombstone (deleted_at set, its name moved aside so a new account may take it under a new id). Promises and ledger
-- entries now reference their user by a foreign key (no cascade: money and history stay).
ALTER TABLE users ADD COLUMN deleted_at text;
-- Accounts deleted before this migration left promises and ledger entries naming an id with no row: a tombstone each.
INSERT INTO users (id, username, created_at, deleted_at)
SELECT orphan.user_id, '~' || orphan.user_id, '1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z'
FROM (SELECT user_id FROM credit_ledger UNION SELECT user_id FROM promises WHERE user_id IS NOT NULL) AS orphan
WHERE orphan.user_id NOT IN (SELECT id FROM users);
ALTER TABLE promises ADD CONSTRAINT promises_user_fk FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_user_fk FOREIGN KEY (user_id) REFERENCES users (id);
CREATE INDEX promises_user_open ON promises (user_id) WHERE status = 'open';
