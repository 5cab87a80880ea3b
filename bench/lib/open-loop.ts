// An open-loop load generator: requests leave on a fixed schedule whatever the server does, spread over a fixed number
// of keep-alive connections, and each latency is counted from the moment the request is handed to its connection — so
// when the server stalls, the requests that keep arriving on schedule wait in line and are charged for it (no
// coordinated omission), while a stall of the generator itself is reported apart (`lagP99`) instead of being billed to
// the server. autocannon's rate options send each second's requests in one burst at the start of the second, which
// measures the burst, not the server.
import http from 'node:http';
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

/** Runs the schedule and resolves once every request has answered, failed or timed out (never hangs). */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(options.url);
  // One agent of one socket per connection: request i goes to connection i mod n and waits there if it is busy,
  // like n clients each sending rate / n requests per second.
  const agents = Array.from({ length: options.connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 }));
  const headers = { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }) };
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
    const settle = () => {
      settled += 1;
      if (settled === total) {
        clearTimeout(deadline);
        resolve(performance.now());
      }
    };
    const fire = (index: number) => {
      const dispatched = performance.now();
      lags.push(dispatched - (started + index * interval));
      let done = false;
      const end = (ok: boolean) => {
        if (done) return;
        done = true;
        if (ok) latencies.push(performance.now() - dispatched);
        else errors += 1;
        settle();
      };
      const req = http.request(
        { agent: agents[index % agents.length], host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method, headers },
        (res) => {
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
          res.on('end', () => end(true));
          res.on('error', () => end(false));
          res.on('close', () => end(res.complete));
          res.resume();
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
      req.on('error', () => end(false));
      req.end(options.body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      while (issued < due) fire(issued++);
      if (issued < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
  for (const agent of agents) agent.destroy();

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
