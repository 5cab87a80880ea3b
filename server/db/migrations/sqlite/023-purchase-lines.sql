-- An order's lines as rows (issue 34 item 1): each line its own row with its unit price in whole cents, instead of
-- one JSON text per request whose prices were '$2.99' texts; the API's JSON (and its '$2.99' texts) is written from
-- these rows at the edge. Keyed by (request_id, position), so a request's lines lie together in line order (WITHOUT
-- ROWID: the key is the table) and the list's per-request sub-select is one range read. The stored texts were always
-- the server's ('$' then thousands-grouped dollars with two decimals), so ROUND(dollars * 100) is their exact cents; a
-- price that is not such a text is not read as 0 but makes unit_cents NULL, and the migration stops there.
CREATE TABLE purchase_request_lines (
  request_id INTEGER NOT NULL REFERENCES purchase_requests (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  item_id TEXT NOT NULL,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  unit_cents INTEGER NOT NULL CHECK (unit_cents >= 0),
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  subcategory TEXT,
  description TEXT,
  PRIMARY KEY (request_id, position)
) WITHOUT ROWID;

INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
SELECT request_id, position, item_id, name, category,
  CASE WHEN dollars GLOB '[0-9]*' AND NOT dollars GLOB '*[^0-9.]*' AND dollars NOT GLOB '*.*.*'
    THEN CAST(ROUND(CAST(dollars AS REAL) * 100) AS INTEGER) END,
  quantity, subcategory, description
FROM (
  SELECT r.id AS request_id, CAST(line.key AS INTEGER) AS position,
    CAST(json_extract(line.value, '$.id') AS TEXT) AS item_id,
    json_extract(line.value, '$.name') AS name,
    json_extract(line.value, '$.category') AS category,
    replace(replace(trim(CAST(json_extract(line.value, '$.price') AS TEXT)), '$', ''), ',', '') AS dollars,
    json_extract(line.value, '$.quantity') AS quantity,
    json_extract(line.value, '$.subcategory') AS subcategory,
    json_extract(line.value, '$.description') AS description
  FROM purchase_requests r, json_each(r.items) line
);

ALTER TABLE purchase_requests DROP COLUMN items;
