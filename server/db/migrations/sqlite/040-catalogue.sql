-- The catalogue belongs to the shop (issue 49, DESIGN.md §14): items, prices (integer cents), stock and photos in
-- the database, changed in the app. `seq` is the row's number (the audit log's subject id); `id` is the item's stable
-- name the API answers ('gun-ak-47'). `version` counts an item's edits (a PATCH's expectedVersion); catalogue_state's
-- version counts every change of the catalogue (the ETag of GET /api/catalogue and CATALOGUE_UPDATE's version).
-- The rows are seeded on first start by the server (server/modules/catalogue/seed.ts), not here.
CREATE TABLE catalogue_items (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  subcategory TEXT NOT NULL,
  price_cents INTEGER CHECK (price_cents IS NULL OR price_cents >= 0),
  sell_price_cents INTEGER CHECK (sell_price_cents IS NULL OR sell_price_cents >= 0),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden', 'archived')),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  image_file TEXT,
  thumbnail_file TEXT,
  aliases TEXT NOT NULL DEFAULT '[]',
  amount INTEGER,
  gun_class TEXT,
  unit TEXT,
  in_shop INTEGER NOT NULL DEFAULT 1,
  sellable INTEGER NOT NULL DEFAULT 1,
  position INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT
);
CREATE INDEX catalogue_items_category ON catalogue_items (category, position);

CREATE TABLE catalogue_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL,
  seeded_at TEXT
);
INSERT INTO catalogue_state (id, version, seeded_at) VALUES (1, 1, NULL);

-- Every change of an item, one row per field: who, when, from, to (JSON text: a number, a text or null) and why.
CREATE TABLE catalogue_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  item_seq INTEGER NOT NULL REFERENCES catalogue_items (seq) ON DELETE CASCADE,
  field TEXT NOT NULL,
  from_value TEXT,
  to_value TEXT,
  actor_id INTEGER,
  actor_name TEXT,
  at TEXT NOT NULL,
  reason TEXT
);
CREATE INDEX catalogue_changes_item ON catalogue_changes (item_seq, id);

-- What each purchase took from the catalogue: per item, how many at what unit price, and whether it took stock (an
-- item with a count) and gave it back (rejected or cancelled). The value card's sales are read from it.
CREATE TABLE purchase_catalogue_lines (
  request_id INTEGER NOT NULL REFERENCES purchase_requests (id) ON DELETE CASCADE,
  item_seq INTEGER NOT NULL REFERENCES catalogue_items (seq),
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  unit_cents INTEGER NOT NULL,
  stock_taken INTEGER NOT NULL DEFAULT 0,
  stock_returned INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (request_id, item_seq)
);
CREATE INDEX purchase_catalogue_lines_item ON purchase_catalogue_lines (item_seq);
