-- The super admin's manual credit adjustment (issue 33 item 7): a ledger entry of its own kind, 'adjustment', positive
-- or negative, always with a reason; never an edit. The kind's CHECK (named by PostgreSQL after its column) is widened.
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_kind_check;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_kind_check
  CHECK (kind IN ('missed-drop', 'missed-pickup', 'spent', 'returned', 'reversal', 'adjustment'));
