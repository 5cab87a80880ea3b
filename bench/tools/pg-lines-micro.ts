// `node --import tsx bench/tools/pg-lines-micro.ts`: PostgreSQL's own time to write the lines of 10,000 requests of 3
// lines (issue 34 item 1), each variant forced to build its text (sum of lengths) and timed from Node, median of 7
// after two warm-up rounds: the old JSON column parsed (pgOnlyBefore), a sub-select per request (the read by id), a
// join grouped once (the list's), and the parts (the sub-selects alone, the tuples alone).
import pg from 'pg';
import { startEmbeddedPostgres } from '../../tests/support/embedded-postgres';

const N = 10_000;
const running = await startEmbeddedPostgres('pg-lines-micro-');
const pool = new pg.Pool({ connectionString: running.url, max: 2 });
try {
  await pool.query(`
    CREATE TABLE r (id integer PRIMARY KEY, requester_id integer, name text, items text, total_cents bigint, promise_id integer);
    CREATE TABLE l (request_id integer NOT NULL REFERENCES r (id), position integer NOT NULL, item_id text NOT NULL, name text NOT NULL,
      category text NOT NULL, unit_cents bigint NOT NULL, quantity integer NOT NULL, subcategory text, description text, PRIMARY KEY (request_id, position));
    INSERT INTO r SELECT i, i % 8, 'p' || (i % 8), '[{"id":"gun-glock","name":"Glock","category":"Weapons","price":"$2.00","quantity":2},{"id":"ammo-rifle-ammo","name":"Rifle Ammo","category":"Ammo","price":"$0.05","quantity":100},{"id":"consumable-first-aid-kit","name":"First Aid Kit","category":"Equipment","price":"$0.69","quantity":3}]', 1107, NULL FROM generate_series(1, ${N}) i;
    INSERT INTO l SELECT i, 0, 'gun-glock', 'Glock', 'Weapons', 200, 2, NULL, NULL FROM generate_series(1, ${N}) i;
    INSERT INTO l SELECT i, 1, 'ammo-rifle-ammo', 'Rifle Ammo', 'Ammo', 5, 100, NULL, NULL FROM generate_series(1, ${N}) i;
    INSERT INTO l SELECT i, 2, 'consumable-first-aid-kit', 'First Aid Kit', 'Equipment', 69, 3, NULL, NULL FROM generate_series(1, ${N}) i;
    ANALYZE r; ANALYZE l;`);
  const q = (sql: string) => async () => (await pool.query(sql)).rows;
  const J = 'json_build_array(item_id, name, category, unit_cents, quantity, subcategory, description)';
  const variants: Record<string, (where: string) => Promise<unknown[]>> = {
    pgOnlyBefore: q(`SELECT sum(length(items::json::text)) FROM r`),
    subCount: q(`SELECT sum(n) FROM (SELECT (SELECT count(*) FROM l WHERE request_id = r.id) AS n FROM r) x`),
    subJsonAgg: q(
      `SELECT sum(length(j::text)) FROM (SELECT (SELECT json_agg(${J} ORDER BY position) FROM l WHERE request_id = r.id) AS j FROM r) x`,
    ),
    subJsonAggNoOrder: q(`SELECT sum(length(j::text)) FROM (SELECT (SELECT json_agg(${J}) FROM l WHERE request_id = r.id) AS j FROM r) x`),
    groupJoin: q(
      `SELECT sum(length(j::text)) FROM (SELECT r.id, json_agg(${J.replace(/\bname\b/, 'l.name')} ORDER BY l.position) AS j FROM r JOIN l ON l.request_id = r.id GROUP BY r.id) x`,
    ),
    buildOnly: q(`SELECT sum(length(${J}::text)) FROM l`),
    lateral: q(
      `SELECT sum(length(x.j::text)) FROM r CROSS JOIN LATERAL (SELECT json_agg(${J} ORDER BY position) AS j FROM l WHERE request_id = r.id) x`,
    ),
  };
  for (const where of ['']) {
    for (let round = 0; round < 3; round++)
      for (const [name, run] of Object.entries(variants)) {
        const times: number[] = [];
        for (let i = 0; i < 7; i++) {
          const started = performance.now();
          JSON.stringify(await run(where));
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        if (round === 2) console.log(`${where || 'all'}: ${name} median ${times[3].toFixed(1)} ms (min ${times[0].toFixed(1)})`);
      }
  }
} finally {
  await pool.end();
  await running.stop();
}
