// Part 3: socket fan-out — 1,000 connected clients (100 admins); time from a status change to the last admin's message,
// against a plain `ws` broadcast to 1,000 clients triggered the same way.
import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { ApiClient, purchaseBody } from '../lib/client';
import { SUPER_ADMIN, startOurServer } from '../lib/processes';
import { percentile, type BenchRow } from '../lib/results';

const CLIENTS = 1000;
const ADMINS = 100;
const ROUNDS = Number(process.env.BENCH_SOCKET_ROUNDS ?? 40);

function connect(url: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: url.replace('ws', 'http').replace(/\/ws$/, '') } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Waits until every socket in `admins` received a message of `type` about `id`; resolves with the time of the last. */
function lastArrival(admins: WebSocket[], type: string, id: number): Promise<number> {
  return new Promise((resolve) => {
    let remaining = admins.length;
    for (const ws of admins) {
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: { id?: number } };
        if (message.type === type && message.payload?.id === id) {
          ws.off('message', onMessage);
          if (--remaining === 0) resolve(performance.now());
        }
      };
      ws.on('message', onMessage);
    }
  });
}

/** The server holds at most this many sockets per session, so the clients share sessions in groups of this size. */
const SOCKETS_PER_SESSION = 8;

/** `cookieFor(i)`: the session cookie of client i (the first ADMINS are admins). */
async function connectAll(url: string, cookieFor: (i: number) => string): Promise<{ admins: WebSocket[]; all: WebSocket[] }> {
  const all: WebSocket[] = [];
  const admins: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => connect(url, cookieFor(i + j))));
    all.push(...batch);
  }
  admins.push(...all.slice(0, ADMINS));
  return { admins, all };
}

async function ours(): Promise<number[]> {
  const server = await startOurServer();
  try {
    const admin = new ApiClient(server.url);
    await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const buyer = new ApiClient(server.url);
    await buyer.signup('buyer');
    const bystander = new ApiClient(server.url);
    await bystander.signup('bystander');
    const ids: number[] = [];
    for (let i = 0; i < ROUNDS + 3; i++)
      ids.push(((await buyer.call('POST', '/api/purchase-requests', purchaseBody('buyer'))).data as { id: number }).id);
    // As on real devices, no session holds more sockets than the server allows: one login per group of clients.
    const sessions = async (username: string, password: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const client = new ApiClient(server.url);
          await client.login(username, password);
          return client.cookie;
        }),
      );
    const adminCookies = await sessions(SUPER_ADMIN.username, SUPER_ADMIN.password, Math.ceil(ADMINS / SOCKETS_PER_SESSION));
    const userCookies = await sessions('bystander', 'bench-password-1', Math.ceil((CLIENTS - ADMINS) / SOCKETS_PER_SESSION));
    const { admins, all } = await connectAll(`${server.url.replace('http', 'ws')}/ws`, (i) =>
      i < ADMINS ? adminCookies[Math.floor(i / SOCKETS_PER_SESSION)] : userCookies[Math.floor((i - ADMINS) / SOCKETS_PER_SESSION)],
    );
    const times: number[] = [];
    for (const [round, id] of ids.entries()) {
      const arrived = lastArrival(admins, 'PURCHASE_REQUEST_STATUS_UPDATE', id);
      const start = performance.now();
      const res = await admin.call('PATCH', `/api/purchase-requests/${id}/status`, {
        status: 'approved',
        scheduledDate: 'Immediately',
        scheduledTime: '',
        isImmediateSchedule: true,
      });
      if (res.status !== 200) throw new Error(`approve: ${res.status}`);
      const end = await arrived;
      if (round >= 3) times.push(end - start); // first rounds warm up
    }
    all.forEach((ws) => ws.terminate());
    return times;
  } finally {
    await server.stop();
  }
}

/** Baseline: a plain ws server broadcasting to every client when an HTTP request arrives. */
async function baseline(): Promise<number[]> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/ws' });
  let next = 1;
  http.on('request', (_req, res) => {
    const text = JSON.stringify({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: { id: next++, status: 'approved' } });
    for (const client of wss.clients) client.send(text);
    res.end('{}');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as { port: number };
  const { admins, all } = await connectAll(`ws://127.0.0.1:${port}/ws`, () => '');
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const arrived = lastArrival(admins, 'PURCHASE_REQUEST_STATUS_UPDATE', next);
    const start = performance.now();
    await fetch(`http://127.0.0.1:${port}/`, { method: 'PATCH' });
    const end = await arrived;
    if (round >= 3) times.push(end - start);
  }
  all.forEach((ws) => ws.terminate());
  wss.close();
  http.close();
  return times;
}

export async function runSocket(): Promise<BenchRow[]> {
  const o = await ours();
  const b = await baseline();
  const p99 = percentile(o, 99);
  return [
    {
      part: 'socket',
      figure: `status change → last of ${ADMINS} admins (${CLIENTS} clients) p99`,
      ours: p99,
      baseline: percentile(b, 99),
      unit: 'ms',
      budget: '< 50 ms',
      pass: p99 < 50,
    },
    {
      part: 'socket',
      figure: 'status change → last admin p50',
      ours: percentile(o, 50),
      baseline: percentile(b, 50),
      unit: 'ms',
      budget: '–',
      pass: true,
    },
  ];
}
