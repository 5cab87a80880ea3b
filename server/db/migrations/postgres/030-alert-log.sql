-- Admin alerts (issue 51): one row per event told to ALERT_WEBHOOK_URL, claimed before it is sent. The key is unique,
-- so however many processes see the same new request, due promise or dispute, and however often they restart, one
-- of them posts it, once.
CREATE TABLE alert_log (
  key text PRIMARY KEY,
  event text NOT NULL,
  created_at text NOT NULL
);
CREATE INDEX alert_log_created ON alert_log (created_at);
-- The alert scan looks for promises missed in the last hour: missed ones are few, and the index holds only them.
CREATE INDEX promises_missed ON promises (closed_at) WHERE status = 'missed';
