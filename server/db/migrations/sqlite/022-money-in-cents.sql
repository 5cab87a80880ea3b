-- Money as integer cents (issue 34 item 1): a request's total is kept in whole cents, as the credit it used and the
-- ledger already are, instead of dollars in a REAL; the API's dollars and '$2.99' texts are written from it at the
-- edge. Filled from the stored totals, which have two decimals, so ROUND(total_price * 100) is the exact cents. The
-- lines stay the JSON text the API answers (each price already its '$2.99' text, written once when it was priced).
ALTER TABLE purchase_requests ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0 CHECK (total_cents >= 0);
UPDATE purchase_requests SET total_cents = CAST(ROUND(total_price * 100) AS INTEGER);
ALTER TABLE purchase_requests DROP COLUMN total_price;
