// The baseline for the API benchmark: bare node:http + better-sqlite3 doing the same work as our server's
// GET /api/user-purchase-requests/{user} and POST /api/purchase-requests — session lookup by hashed cookie,
// the same zod validation and catalogue pricing, the query or insert, and JSON — with no framework.
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { priceLine } from '../../src/domain/pricing';
import { formatCents, fromCents } from '../../src/domain/money';
import { CreatePurchaseRequestBody } from '../../src/domain/schemas/purchases';

const db = new Database(path.join(process.env.DATA_DIR ?? '.', 'baseline.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.exec(`
  CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, contact_email TEXT, is_admin INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), expires_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS purchase_requests (
    id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), items TEXT NOT NULL, total_price REAL NOT NULL,
    total_items INTEGER NOT NULL, contact_email TEXT, status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL, requested_at TEXT);
  CREATE INDEX IF NOT EXISTS pr_user ON purchase_requests(user_id, created_at DESC);
`);

const token = process.env.BENCH_TOKEN ?? randomBytes(32).toString('base64url');
const hash = (t: string) => createHash('sha256').update(t).digest('hex');
const userId = (
  db
    .prepare(
      `INSERT INTO users (username, contact_email) VALUES ('bench', 'bench@example.com') ON CONFLICT DO UPDATE SET username = excluded.username RETURNING id`,
    )
    .get() as { id: number }
).id;
db.prepare('INSERT OR REPLACE INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(
  hash(token),
  userId,
  Date.now() + 86_400_000,
);

const findSession = db.prepare(
  'SELECT u.id, u.username, u.contact_email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?',
);
const listRequests = db.prepare('SELECT * FROM purchase_requests WHERE user_id = ? ORDER BY created_at DESC, id DESC');
const insertRequest = db.prepare(
  'INSERT INTO purchase_requests (user_id, items, total_price, total_items, contact_email, created_at, requested_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
);

function toJson(row: Record<string, unknown>, username: string) {
  return {
    id: row.id,
    requesterName: username,
    items: JSON.parse(String(row.items)),
    totalPrice: row.total_price,
    totalItems: row.total_items,
    contactEmail: row.contact_email,
    status: row.status,
    createdAt: row.created_at,
    requestedAt: row.requested_at,
  };
}

function create(user: { id: number; username: string; contact_email: string | null }, raw: unknown) {
  const parsed = CreatePurchaseRequestBody.safeParse(raw);
  if (!parsed.success) return { status: 400, body: { message: 'Invalid input' } };
  const items: Array<{ id: string; name: string; category: string; price: string; quantity: number }> = [];
  let total = 0;
  let count = 0;
  for (const line of parsed.data.items) {
    const priced = priceLine(line);
    if (!priced.ok) return { status: 400, body: { message: priced.reason } };
    items.push({
      id: String(line.id ?? ''),
      name: line.name,
      category: line.category,
      price: formatCents(priced.unitCents),
      quantity: line.quantity,
    });
    total += priced.lineCents;
    count += line.quantity;
  }
  total = fromCents(total);
  const row = db.transaction(() =>
    insertRequest.get(
      user.id,
      JSON.stringify(items),
      total,
      count,
      user.contact_email,
      new Date().toISOString(),
      parsed.data.requestedAt ?? null,
    ),
  )() as Record<string, unknown>;
  return { status: 201, body: toJson(row, user.username) };
}

if (process.env.SEED) {
  const body = JSON.parse(process.env.SEED_BODY ?? '{}');
  const user = { id: userId, username: 'bench', contact_email: 'bench@example.com' };
  for (let i = 0; i < Number(process.env.SEED); i++) create(user, body);
}

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  const url = req.url ?? '/';
  if (url === '/api/health') return send(200, { ok: true });
  const cookie = /(?:^|;\s*)bm_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const user = cookie
    ? (findSession.get(hash(cookie), Date.now()) as { id: number; username: string; contact_email: string | null } | undefined)
    : undefined;
  if (!user) return send(401, { message: 'Please log in' });
  if (req.method === 'GET' && url.startsWith('/api/user-purchase-requests/')) {
    const name = decodeURIComponent(url.slice('/api/user-purchase-requests/'.length));
    if (name.toLowerCase() !== user.username.toLowerCase()) return send(403, { message: 'Not allowed' });
    return send(
      200,
      (listRequests.all(user.id) as Record<string, unknown>[]).map((row) => toJson(row, user.username)),
    );
  }
  if (req.method === 'POST' && url === '/api/purchase-requests') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { message: 'Malformed JSON' });
      }
      const result = create(user, body);
      send(result.status, result.body);
    });
    return;
  }
  send(404, { message: 'Not found' });
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
