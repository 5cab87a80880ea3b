-- An order's lines as rows (issue 34 item 1): each line its own row with its unit price in whole cents, instead of
-- one JSON text per request whose prices were '$2.99' texts; the API's JSON (and its '$2.99' texts) is written from
-- these rows at the edge. Keyed by (request_id, position): the list's per-request sub-select reads that index. The
-- stored texts were always the server's ('$' then thousands-grouped dollars with two decimals), read here as numeric
-- (exact), so round(dollars * 100) is their exact cents; a price that is not such a text fails the cast and the
-- migration with it (as SQLite's 023 stops on it).
CREATE TABLE purchase_request_lines (
  request_id integer NOT NULL REFERENCES purchase_requests (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  item_id text NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  unit_cents bigint NOT NULL CHECK (unit_cents >= 0),
  quantity integer NOT NULL CHECK (quantity >= 1),
  subcategory text,
  description text,
  PRIMARY KEY (request_id, position)
);

INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
SELECT r.id, (line.n - 1)::integer, line.value ->> 'id', line.value ->> 'name', line.value ->> 'category',
  round(replace(replace(btrim(line.value ->> 'price'), '$', ''), ',', '')::numeric * 100)::bigint,
  (line.value ->> 'quantity')::integer, line.value ->> 'subcategory', line.value ->> 'description'
FROM purchase_requests r CROSS JOIN LATERAL json_array_elements(r.items::json) WITH ORDINALITY AS line (value, n);

ALTER TABLE purchase_requests DROP COLUMN items;
