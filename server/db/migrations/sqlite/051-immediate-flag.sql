-- Issue 48: "immediate" is stored once, as the flag. An approved drop to happen right away kept the date
-- 'Immediately' beside is_immediate_schedule = 1; the flag is now the one truth and the date is NULL (the API still
-- answers 'Immediately', written from the flag where a request is mapped). A row whose date read 'Immediately'
-- without its flag gets the flag first, so that no immediate drop is read as unscheduled.
UPDATE purchase_requests SET is_immediate_schedule = 1 WHERE scheduled_date = 'Immediately';
UPDATE purchase_requests SET scheduled_date = NULL WHERE is_immediate_schedule = 1;

-- Pickups and proposals keep their date column (NOT NULL, and the API answers it as stored); their flag, which every
-- reader now asks, says "immediate" for each of them whose date does.
UPDATE scheduled_pickups SET is_immediate = 1 WHERE scheduled_date = 'Immediately';
UPDATE proposals SET is_immediate = 1 WHERE scheduled_date = 'Immediately';
