-- Issue 45.7: a person posts at most 30 messages a minute (DESIGN §13), counted from their messages of the last minute.
CREATE INDEX conversation_messages_author ON conversation_messages (author_id, created_at);
