// A network the offline tests can really cut. `context.setOffline(true)` leaves a
// service worker's own fetches untouched in Chromium, so the browser talks to the server only through
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
// this HTTP gate: `down()` refuses every connection and closes the open ones (pages and the worker alike),
// and `dropAfterCommit(path)` lets one request reach the server, waits for the server's whole answer
// (the server has committed), then cuts the network before a byte of that answer reaches the browser.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface NetworkGate {
  url: string;
  /** Requests that reached the server, in order ("POST /api/item-submissions"). */
  log: string[];
  /** The body of every POST that reached the server, in order. */
  posts: Array<{ path: string; body: Buffer }>;
  /** The socket upgrades that reached the server ("/ws"). */
  upgrades: string[];
  down(): void;
  up(): void;
  isUp(): boolean;
  /** The next POST to `path` reaches the server; its answer is thrown away and the network goes down. */
  dropAfterCommit(path: string): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkGate(targetPort: number): Promise<NetworkGate> {
  let up = true;
  let drop: { path: string; done: () => void } | null = null;
  const sockets = new Set<Socket>();
  const log: string[] = [];
  const posts: Array<{ path: string; body: Buffer }> = [];
  const upgrades: string[] = [];

  const cut = () => {
    up = false;
    for (const socket of sockets) socket.destroy();
  };

  const server = createServer((req, res) => {
    if (!up) return void req.socket.destroy();
    const dropThis = drop && req.method === 'POST' && req.url?.split('?')[0] === drop.path ? drop : null;
    if (dropThis) drop = null;
    log.push(`${req.method} ${req.url}`);
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => posts.push({ path: req.url?.split('?')[0] ?? '', body: Buffer.concat(chunks) }));
    }
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
      (answer: IncomingMessage) => {
        if (dropThis) {
          answer.resume();
          answer.on('end', () => {
            cut();
            dropThis.done();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (!up) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // The app's /ws socket goes through the gate too.
  server.on('upgrade', (req, socket: Socket, head) => {
    if (!up) return void socket.destroy();
    upgrades.push(req.url ?? '');
    const upstream = connect(targetPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    posts,
    upgrades,
    down: cut,
    up: () => {
      up = true;
    },
    isUp: () => up,
    dropAfterCommit: (path) => new Promise<void>((done) => (drop = { path, done })),
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}

/**
 * Keeps `context.setOffline(true)` true for documents loaded after it. Chromium 150 (Debian bookworm's, with
 * playwright-core 1.65) starts a new document of an offline page with `navigator.onLine === true` and no `offline`
 * event (seen: reload while offline → true; the app then believes it is online). A real phone without a network says
 * false, so the test's browser must too: after each main-frame navigation while offline, the emulation is applied
 * again on the page's own DevTools session, which fires `offline` in the new document (and no `online`).
 */
export function keepOfflineAcrossNavigations(context: BrowserContext): void {
  let offline = false;
  const sessions = new Map<Page, Promise<CDPSession>>();
  const sessionOf = (page: Page) => {
    let session = sessions.get(page);
    if (!session) {
      session = context.newCDPSession(page);
      sessions.set(page, session);
      page.once('close', () => sessions.delete(page));
    }
    return session;
  };
  const emulate = async (page: Page, value: boolean) => {
    const session = await sessionOf(page);
    await session.send('Network.emulateNetworkConditions', { offline: value, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
  const watch = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) void emulate(page, true).catch(() => undefined);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await setOffline(value);
    // This helper's sessions hold their own emulation: they follow the context's, both ways.
    await Promise.all([...sessions.keys()].map((page) => emulate(page, value).catch(() => undefined)));
  };
}
