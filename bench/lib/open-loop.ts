// An open-loop load generator: requests leave on a fixed schedule whatever the server does, spread over a fixed number
// of keep-alive connections, and each latency is counted from the moment the request is handed to its connection — so
// when the server stalls, the requests that keep arriving on schedule wait in line and are charged for it (no
// coordinated omission), while a stall of the generator itself is reported apart (`lagP99`) instead of being billed to
// the server. autocannon's rate options send each second's requests in one burst at the start of the second, which
// measures the burst, not the server.
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { percentile } from './results';

export interface OpenLoopOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Requests per second across all connections. */
  rate: number;
  durationS: number;
  connections: number;
}

export interface OpenLoopResult {
  sent: number;
  completed: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Completed requests per second over the run. */
  achievedRps: number;
  /** How late the generator itself sent (p99 and max, ms): its own stalls, not the server's. */
  lagP99: number;
  lagMax: number;
}

interface Pending {
  dispatched: number;
  done(ok: boolean, status: number): void;
}

/**
 * One keep-alive HTTP/1.1 connection sending the same request again and again, one at a time (a request that finds it
 * busy waits its turn), reading each answer by its Content-Length. Raw sockets because node:http's client cost the
 * generator ~0.4 of a core at 1,100 req/s — taken from the server under test on a 2-core machine.
 */
class Connection {
  private readonly socket: net.Socket;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private head: Buffer | null = null;
  private status = 0;
  private bodyLeft = -1;

  constructor(
    host: string,
    port: number,
    private readonly request: Buffer,
  ) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => this.socket.destroy());
    this.socket.on('close', () => this.failAll());
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket.connecting) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(pending: Pending) {
    if (this.socket.destroyed) return pending.done(false, 0);
    if (this.current) this.queue.push(pending);
    else this.start(pending);
  }

  close() {
    this.socket.destroy();
  }

  private start(pending: Pending) {
    this.current = pending;
    this.socket.write(this.request);
  }

  private read(chunk: Buffer) {
    if (this.bodyLeft < 0) {
      const head = this.head ? Buffer.concat([this.head, chunk]) : chunk;
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        this.head = head;
        return;
      }
      this.head = null;
      const text = head.toString('latin1', 0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      // Every answer measured here has a Content-Length; anything else is a failure, not a guess.
      if (!length) return this.socket.destroy();
      this.status = Number(text.slice(9, 12));
      this.bodyLeft = Number(length[1]) - (head.length - end - 4);
    } else {
      this.bodyLeft -= chunk.length;
    }
    if (this.bodyLeft > 0) return;
    this.bodyLeft = -1;
    const done = this.current;
    this.current = null;
    done?.done(true, this.status);
    const next = this.queue.shift();
    if (next) this.start(next);
  }

  private failAll() {
    const pending = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const entry of pending) entry.done(false, 0);
  }
}

/** Runs the schedule and resolves once every request has answered or failed (never hangs: a deadline ends it). */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(options.url);
  const body = options.body === undefined ? '' : options.body;
  const request = Buffer.from(
    [
      `${options.method} ${target.pathname}${target.search} HTTP/1.1`,
      `host: ${target.host}`,
      ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
  // Request i goes to connection i mod n and waits there if it is busy, like n clients each sending rate / n a second.
  const connections = Array.from({ length: options.connections }, () => new Connection(target.hostname, Number(target.port), request));
  await Promise.all(connections.map((connection) => connection.connected()));
  const total = Math.max(1, Math.round(options.rate * options.durationS));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let settled = 0;
  let issued = 0;
  const lags: number[] = [];

  const started = performance.now() + 20;
  const finished = await new Promise<number>((resolve) => {
    const deadline = setTimeout(() => resolve(performance.now()), (options.durationS + 15) * 1000);
    const fire = (index: number) => {
      const dispatched = performance.now();
      lags.push(dispatched - (started + index * interval));
      connections[index % connections.length].send({
        dispatched,
        done(ok, status) {
          if (ok) latencies.push(performance.now() - dispatched);
          else errors += 1;
          if (ok && (status < 200 || status >= 300)) non2xx += 1;
          settled += 1;
          if (settled === total) {
            clearTimeout(deadline);
            resolve(performance.now());
          }
        },
      });
    };
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      while (issued < due) fire(issued++);
      if (issued < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
  for (const connection of connections) connection.close();

  return {
    sent: issued,
    completed: latencies.length,
    non2xx,
    errors: errors + (total - settled),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : Number.NaN,
    achievedRps: latencies.length / ((finished - started) / 1000),
    lagP99: percentile(lags, 99),
    lagMax: lags.reduce((a, b) => Math.max(a, b)),
  };
}

/** `openLoop` in a worker thread of its own. */
export function openLoopInWorker(options: OpenLoopOptions): Promise<OpenLoopResult> {
  // A worker doesn't inherit the runner's `--import tsx`: it registers tsx itself, then loads the TypeScript entry.
  const entry = new URL('./open-loop-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: OpenLoopResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load generator stopped (exit ${code})`)));
  });
}
