import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD } from '../api/helpers';
import { freshDatabase } from '../support/postgres';
import { SUPER_ADMIN } from '../support/server';
import { startProcess, stopProcess, waitFor, type Process } from '../support/server-process';

// Issue 46 item 4: the shipped nginx site (deploy/nginx/blockspin-market.conf), run by Debian's nginx with TLS and
// HTTP/2, in front of two processes on one PostgreSQL. Only its ports and certificate paths are replaced here.
const SITE = path.resolve(import.meta.dirname, '../../deploy/nginx/blockspin-market.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => existsSync(file));
const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((file) => existsSync(file));
export const SKIP = !NGINX
  ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
  : !OPENSSL
    ? 'openssl is not installed (it makes the throwaway certificate)'
    : null;
if (SKIP) console.warn(`tests/pg/nginx.test.ts skipped: ${SKIP}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The shipped site with each replacement applied exactly once (a change to the file that breaks one fails here). */
function siteFor(replacements: Array<[from: string, to: string]>): string {
  let text = readFileSync(SITE, 'utf8');
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/blockspin-market.conf: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, to);
  }
  return text;
}

export interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: any;
}

/** A player or admin talking to nginx over HTTP/2, keeping its cookies. */
class H2Client {
  cookies = new Map<string, string>();
  constructor(
    private readonly session: http2.ClientHttp2Session,
    private readonly origin: string,
  ) {}
  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  request(method: string, pathname: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: http2.OutgoingHttpHeaders = { ':method': method, ':path': pathname, origin: this.origin };
      if (this.cookies.size) headers.cookie = this.cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const stream = this.session.request(headers);
      let status = 0;
      let answered: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => {
        answered = received;
        status = Number(received[':status']);
        for (const line of (received['set-cookie'] as string[] | undefined) ?? []) {
          const [pair] = line.split(';');
          const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
          if (value) this.cookies.set(name, value);
          else this.cookies.delete(name);
        }
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const json = String(answered['content-type'] ?? '').includes('json') && text;
        resolve({ status, headers: answered, body: json ? JSON.parse(text) : text });
      });
      stream.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
}

export type Socket = { socket: WebSocket; messages: Array<{ type: string; payload: any }>; closed: Promise<number> };

/** A socket with the client's session, to `base` (nginx's https address, or a process's own). */
export async function openSocket(base: string, cookie: string, ca: string, origin = base): Promise<Socket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { cookie, origin }, ca });
  const messages: Socket['messages'] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

/** Which process served a call: the one whose log has its request id (logged once the answer went out). */
export async function servedBy(processes: Process[], answer: Answer): Promise<Process> {
  const logged = (proc: Process) => proc.logs.some((entry) => entry.requestId === answer.headers['x-request-id']);
  await waitFor(() => processes.some(logged), 10_000);
  return processes.find(logged)!;
}

/**
 * The shipped site run by nginx in front of two processes on a fresh database, started before the tests and stopped
 * after them: `site` holds what the tests reach (set once it runs), `client()` talks HTTP/2 to nginx, `signedIn` signs
 * a new player up (or the super admin in) through it.
 */
export function useNginxSite() {
  const running = {} as {
    database: Awaited<ReturnType<typeof freshDatabase>>;
    a: Process;
    b: Process;
    base: string;
    ca: string;
    session: http2.ClientHttp2Session;
  };
  let dir: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Process;
  let b: Process;
  let nginx: ChildProcess;
  let base: string;
  let ca: string;
  let session: http2.ClientHttp2Session;
  let nginxLog: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'blockspin-nginx-'));
    // nginx's workers run as an unprivileged user: they must reach the folder and write their temporary files.
    chmodSync(dir, 0o755);
    execFileSync(OPENSSL!, [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
    ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    // A stand-in build: a hashed asset, the service worker, the manifest and the page.
    const staticDir = path.join(dir, 'dist');
    mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Blockspin Market</title>');
    writeFileSync(path.join(staticDir, 'assets', 'index-3f2a9c1b.js'), 'console.log(1);');
    writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Blockspin Market"}');

    database = await freshDatabase(inject('postgresUrl'));
    const env = { SERVE_STATIC: 'true', STATIC_DIR: staticDir, SOCKET_SESSION_CHECK_SECONDS: '3600', RATE_LIMIT: 'false' };
    a = await startProcess(database.url, env);
    b = await startProcess(database.url, env);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const site = siteFor([
      ['server 127.0.0.1:3001 ', `server ${new URL(a.url).host} `],
      ['server 127.0.0.1:3002 ', `server ${new URL(b.url).host} `],
      ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
      ['listen [::]:443 ssl http2;', ''],
      ['listen 80;', `listen 127.0.0.1:${httpPort};`],
      ['listen [::]:80;', ''],
      ['/etc/letsencrypt/live/market.example.com/fullchain.pem', path.join(dir, 'cert.pem')],
      ['/etc/letsencrypt/live/market.example.com/privkey.pem', path.join(dir, 'key.pem')],
    ]);
    writeFileSync(path.join(dir, 'site.conf'), site);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(dir, temp));
      chmodSync(path.join(dir, temp), 0o777);
    }
    nginxLog = path.join(dir, 'error.log');
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;
error_log ${nginxLog} warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
    );
    const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', nginxLog];
    execFileSync(NGINX!, ['-t', ...args], { stdio: 'pipe' });
    nginx = spawn(NGINX!, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (chunk) => (stderr += chunk));
    base = `https://127.0.0.1:${httpsPort}`;
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const probe = net.connect(httpsPort, '127.0.0.1', () => {
          probe.destroy();
          resolve(true);
        });
        probe.once('error', () => resolve(false));
      });
    for (let tries = 0; !(await listening()); tries++) {
      if (nginx.exitCode !== null || tries > 200)
        throw new Error(`nginx did not start (${nginx.exitCode}): ${stderr} ${readFileSync(nginxLog, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    session = http2.connect(base, { ca });
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    Object.assign(running, { database, a, b, base, ca, session });
  }, 180_000);

  afterAll(async () => {
    session?.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all([a, b].filter(Boolean).map(stopProcess));
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const client = () => new H2Client(session, base);
  async function signedIn(username: string, signup = true): Promise<H2Client> {
    const user = client();
    const answer = await user.request('POST', `/api/marketplace/${signup ? 'signup' : 'login'}`, {
      username,
      password: signup ? PASSWORD : SUPER_ADMIN.password,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(signup ? 201 : 200);
    return user;
  }
  return { site: running, client, signedIn };
}
