-- A transition may carry a note and a photo taken at the handover (a pickup collected, a drop completed).
ALTER TABLE audit_history ADD COLUMN note TEXT;
ALTER TABLE audit_history ADD COLUMN photo_file TEXT;
ALTER TABLE audit_history ADD COLUMN thumbnail_file TEXT;
CREATE INDEX audit_history_photo ON audit_history (photo_file) WHERE photo_file IS NOT NULL;
CREATE INDEX audit_history_thumbnail ON audit_history (thumbnail_file) WHERE thumbnail_file IS NOT NULL;
