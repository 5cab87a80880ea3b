-- Every index is one more B-tree page written, synced and checkpointed on each insert (8.25 WAL pages per
-- purchase request before this). Lists are newest first by id, which grows with every insert, so the created_at
-- orderings go; nothing filters by status in SQL; and the audit history is written, never searched by the app
-- (an ad-hoc query scans it). What remains is the one index each per-user list needs.
DROP INDEX purchase_requests_created_at;
DROP INDEX purchase_requests_status;
DROP INDEX purchase_requests_requester;
CREATE INDEX purchase_requests_requester ON purchase_requests (requester_id);

DROP INDEX item_submissions_created_at;
DROP INDEX item_submissions_status;
DROP INDEX item_submissions_submitter;
CREATE INDEX item_submissions_submitter ON item_submissions (submitter_id);

DROP INDEX user_sell_requests_user;
DROP INDEX user_sell_requests_status;
CREATE INDEX user_sell_requests_user ON user_sell_requests (user_id);

DROP INDEX scheduled_pickups_created_at;
DROP INDEX scheduled_pickups_status;

DROP INDEX audit_history_subject;
