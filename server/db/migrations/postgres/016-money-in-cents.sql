-- Money as integer cents (issue 34 item 1): a request's total is kept in whole cents, as the credit it used and the
-- ledger already are, instead of dollars in numeric(14, 2); the API's dollars and '$2.99' texts are written from it at
-- the edge. Filled from the stored totals (numeric, exact: round(total_price * 100) is the cents).
ALTER TABLE purchase_requests ADD COLUMN total_cents bigint;
UPDATE purchase_requests SET total_cents = round(total_price * 100);
ALTER TABLE purchase_requests ALTER COLUMN total_cents SET NOT NULL;
ALTER TABLE purchase_requests ADD CONSTRAINT purchase_requests_total_cents_check CHECK (total_cents >= 0);
ALTER TABLE purchase_requests DROP COLUMN total_price;
