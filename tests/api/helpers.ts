import Database from 'better-sqlite3';
import pg from 'pg';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../server/config';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A fetch client that keeps the session cookie (and the device cookie) like a browser would. */
export class Client {
  cookie: string | null = null;
  /** The device cookie (`bm_device=…`) the server gave this client at its last sign-in, sent back with every call. */
  device: string | null = null;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const cookies = [this.cookie, this.device].filter(Boolean).join('; ');
    if (cookies) (init.headers as Record<string, string>).cookie = cookies;
    const response = await fetch(this.baseUrl + path, init);
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0];
      if (pair.startsWith('bm_device=')) this.device = pair;
      else this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body ?? {}, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body ?? {}, headers);
  patch = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', path, body ?? {}, headers);
  delete = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('DELETE', path, undefined, headers);
}

export const PASSWORD = 'password-123';

/** A server to call: the in-process test server or a child process. */
type Reachable = Pick<TestServer, 'url'>;

/** Signs a new user up and returns their client (with the session cookie). */
export async function signUp(server: Reachable, username: string, password = PASSWORD): Promise<Client> {
  const client = new Client(server.url);
  const answer = await client.post('/api/marketplace/signup', { username, password });
  if (answer.status !== 201) throw new Error(`signup ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return client;
}

/** Logs an existing user in and returns their client (with the session cookie). */
export async function logIn(server: Reachable, username: string, password = PASSWORD): Promise<Client> {
  const client = new Client(server.url);
  const answer = await client.post('/api/marketplace/login', { username, password });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return client;
}

export const logInSuperAdmin = (server: TestServer) => logIn(server, SUPER_ADMIN.username, SUPER_ADMIN.password);

/** The usual cast: a signed-out visitor, two users, an admin and the super admin. */
export interface Cast {
  anonymous: Client;
  alice: Client;
  bob: Client;
  admin: Client;
  superAdmin: Client;
}

export async function createCast(server: TestServer, prefix = ''): Promise<Cast> {
  const superAdmin = await logInSuperAdmin(server);
  const [alice, bob, admin] = await Promise.all([
    signUp(server, `${prefix}alice`),
    signUp(server, `${prefix}bob`),
    signUp(server, `${prefix}carol`),
  ]);
  const promoted = await superAdmin.post(`/api/admin/marketplace-users/${prefix}carol/admin-status`, { isAdmin: true });
  if (promoted.status !== 200) throw new Error(`promote: ${promoted.status}`);
  return { anonymous: new Client(server.url), alice, bob, admin, superAdmin };
}

/**
 * Starts one real server (port 0, fresh data folder) for the enclosing file or describe block and stops it afterwards.
 * The returned object is filled in by `beforeAll`, so keep it at the top and use it inside tests and hooks only.
 */
export function useServer(overrides: Partial<Config> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(overrides));
  });
  afterAll(async () => {
    // Nothing to stop when the start itself failed.
    if (server.close) await server.close();
  });
  return server;
}

/** `useServer` plus the usual cast (signed out, alice, bob, carol the admin, the super admin), made once in `beforeAll`. */
export function useServerWithCast(overrides: Partial<Config> = {}): { server: TestServer; cast: Cast } {
  const server = useServer(overrides);
  const cast = {} as Cast;
  beforeAll(async () => {
    Object.assign(cast, await createCast(server));
  });
  return { server, cast };
}

/** A small valid cart and its total. */
export const CART = {
  items: [
    { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
    { id: 'cash-12000', name: '$12,000 Cash', category: 'Cash', price: '$2.99', quantity: 1 },
  ],
  totalPrice: 6.99,
};

/** A JPEG data URL of the given size, made with sharp. */
export async function jpegDataUrl(
  width = 64,
  height = 48,
  options: { exif?: Record<string, Record<string, string>>; orientation?: number } = {},
) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg({ quality: 80 });
  if (options.exif || options.orientation) image = image.withMetadata({ exif: options.exif, orientation: options.orientation });
  const bytes = await image.toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** A stored photo (an `/api/images/…` URL) as `client` fetches it: its status, headers and bytes. */
export async function fetchImage(server: TestServer, url: string, client: Client) {
  const response = await fetch(server.url + url, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

export const SUBMISSION = {
  ps5Name: 'Glock',
  robloxName: 'weapons',
  quantity: 1,
  hasMultipleQuantity: false,
  paymentMethod: 'usd',
} as const;

/** Creates a submission (optionally with a photo) for the client and returns it. */
export async function submitItem(client: Client, extra: Record<string, unknown> = {}) {
  const answer = await client.post('/api/item-submissions', { ...SUBMISSION, ...extra });
  if (answer.status !== 201) throw new Error(`submission: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function createPurchase(client: Client) {
  const answer = await client.post('/api/purchase-requests', CART);
  if (answer.status !== 201) throw new Error(`purchase: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A socket client with the cookie of `client` that records every message. */
export async function openSocket(server: TestServer, client: Client, origin = server.url) {
  const messages: Array<{ type: string; payload: any }> = [];
  const socket = new WebSocket(server.url.replace('http', 'ws') + '/ws', {
    headers: { ...(client.cookie ? { cookie: client.cookie } : {}), origin },
  });
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, close: () => socket.close() };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
/**
 * Waits until `check` holds, polling every 10 ms; fails after `ms`. The wait ends as soon as it holds, so its limit only
 * costs time when a test fails: 15 s, because a push delivery or a socket message took more than the 2–5 s of old on
 * a loaded machine (CI).
 */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one statement on the server's database directly (to read what was stored, or to age a session); `?` parameters. */
export async function queryDatabase<T = Record<string, unknown>>(server: TestServer, text: string, params: unknown[]): Promise<T[]> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      // The same statement on both engines: numbered parameters for PostgreSQL.
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(server.dataDir, 'blockspin.sqlite'));
  try {
    const statement = db.prepare(text);
    if (!statement.reader) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params) as T[];
  } finally {
    db.close();
  }
}

/** One subject's audit history, oldest first: who moved it from which status to which. */
export function auditHistory(
  server: TestServer,
  subject: string,
  id: number,
): Promise<Array<{ from: string | null; to: string; who: string }>> {
  return queryDatabase(
    server,
    'SELECT from_status AS "from", to_status AS "to", actor_name AS who FROM audit_history WHERE subject_type = ? AND subject_id = ? ORDER BY id',
    [subject, id],
  );
}

export async function countRows(server: TestServer, table: string): Promise<number> {
  const [row] = await queryDatabase<{ n: number | string }>(server, `SELECT COUNT(*) AS n FROM ${table}`, []);
  return Number(row.n);
}
