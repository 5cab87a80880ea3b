-- Issue 48: "immediate" is stored once for pickups and proposals too, as their flag (migration 051 did it for purchase
-- requests). A pickup or proposal to happen right away kept the date 'Immediately' beside is_immediate = 1; the date
-- is now NULL for it (the API still answers 'Immediately', written from the flag where a pickup or proposal is read).
-- A row whose date read 'Immediately' without its flag gets the flag first, so that none is read as a date.
ALTER TABLE scheduled_pickups ALTER COLUMN scheduled_date DROP NOT NULL;
ALTER TABLE proposals ALTER COLUMN scheduled_date DROP NOT NULL;
UPDATE scheduled_pickups SET is_immediate = 1 WHERE scheduled_date = 'Immediately';
UPDATE scheduled_pickups SET scheduled_date = NULL WHERE is_immediate = 1;
UPDATE proposals SET is_immediate = 1 WHERE scheduled_date = 'Immediately';
UPDATE proposals SET scheduled_date = NULL WHERE is_immediate = 1;
