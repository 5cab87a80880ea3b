// The engines part's per-request CPU and live-delivery measurements (issue 32).
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import type { Child } from '../lib/processes';
import { SUPER_ADMIN } from '../lib/processes';
import { postgresCpuMs, processCpuMs } from '../lib/proc-cpu';
import { percentile } from '../lib/results';

/** Requests per CPU round, split over the processes; rounds per figure (the median round is reported). */
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 3_000);
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
/**
 * Uncounted rounds first: the servers' code is still being compiled by V8 in the first thousands of requests (the first
 * round of a setup cost up to 1.7× the next). Per process: with N processes there are N times as many, so that each
 * has seen as many requests as a process alone before anything is counted (with the same number of rounds, each of two
 * processes had seen half, and its first counted GET round still cost 2.6× the next, issue 32). Three: after one, a
 * PostgreSQL server's purchase still fell from ~550 to ~370 µs of its own CPU over the five counted rounds, while
 * SQLite's was flat (`BENCH_CPU_LOG=1` prints every round's server and database figures; docs/SCALING.md, ninth pass).
 */
const CPU_WARMUP_ROUNDS = Number(process.env.BENCH_CPU_WARMUP_ROUNDS ?? 3);
/**
 * Below saturation, so the figure is the work per request, not queueing. Split over the processes: with two, each has
 * 5, and fewer requests in flight per process cost more per request (`BENCH_CPU_CONNECTIONS`, docs/SCALING.md, seventh
 * pass).
 */
const CPU_CONNECTIONS = Number(process.env.BENCH_CPU_CONNECTIONS ?? 10);

export interface CpuPerRequest {
  /** µs of the server processes' CPU per request. */
  server: number;
  /** µs of PostgreSQL's (postmaster, backends, background workers) per request; 0 on SQLite. */
  database: number;
  total: number;
  /** Every round's total, for the note. */
  rounds: number[];
  failed: number;
}

/** One setup under the CPU measurement: its server processes, PostgreSQL's postmaster (null on SQLite) and a cookie. */
export interface CpuSetup {
  processes: Child[];
  postmaster: number | null;
  cookie: string;
}

interface Round {
  server: number;
  database: number;
  total: number;
  failed: number;
}

/**
 * One round: a fixed number of requests at 10 connections (split over the processes), the CPU time the servers and
 * PostgreSQL used meanwhile read from /proc, divided by the requests. The load generator runs in this process and is
 * not counted.
 */
async function cpuRound({ processes, postmaster, cookie }: CpuSetup, method: 'GET' | 'POST', body: string): Promise<Round> {
  const pids = processes.map((child) => child.process.pid!);
  const serverBefore = processCpuMs(pids);
  const databaseBefore = postmaster === null ? 0 : postgresCpuMs(postmaster);
  const results = await Promise.all(
    processes.map((child) =>
      autocannon({
        url: `${child.url}${method === 'GET' ? '/api/user-purchase-requests/bench' : '/api/purchase-requests'}`,
        method,
        body: method === 'POST' ? body : undefined,
        headers: { cookie, 'content-type': 'application/json', origin: child.url },
        connections: Math.max(1, Math.floor(CPU_CONNECTIONS / processes.length)),
        amount: Math.floor(CPU_REQUESTS / processes.length),
      }),
    ),
  );
  const serverMs = processCpuMs(pids) - serverBefore;
  const databaseMs = postmaster === null ? 0 : postgresCpuMs(postmaster) - databaseBefore;
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const server = (serverMs * 1000) / requests;
  const database = (databaseMs * 1000) / requests;
  if (process.env.BENCH_CPU_LOG)
    console.log(
      `${method} ${postmaster === null ? 'SQLite' : 'PostgreSQL'} × ${processes.length}: server ${server.toFixed(0)} µs + database ${database.toFixed(0)} µs`,
    );
  return { server, database, total: server + database, failed: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0) };
}

/**
 * CPU per request of each setup, their rounds interleaved: every setup's uncounted rounds first, then round 1 of each
 * setup, round 2 of each, and so on. Run one setup after the other, a machine's slow minutes fell on one setup's
 * rounds and moved the ratio between them by as much as the gap being judged (docs/SCALING.md, ninth pass); taken
 * turn about, they fall on every setup alike. Per setup, the round with the median total is reported.
 */
export async function cpuPerRequest(setups: CpuSetup[], method: 'GET' | 'POST', body: string): Promise<CpuPerRequest[]> {
  for (const setup of setups)
    for (let round = 0; round < CPU_WARMUP_ROUNDS * setup.processes.length; round++) await cpuRound(setup, method, body);
  const rounds: Round[][] = setups.map(() => []);
  for (let round = 0; round < CPU_ROUNDS; round++)
    for (const [i, setup] of setups.entries()) rounds[i].push(await cpuRound(setup, method, body));
  return rounds.map((own) => {
    const chosen = [...own].sort((a, b) => a.total - b.total)[Math.floor((own.length - 1) / 2)];
    return { ...chosen, rounds: own.map((round) => round.total), failed: own.reduce((sum, round) => sum + round.failed, 0) };
  });
}

export const LIVE_SOCKETS = 300;
export const LIVE_BURST = 200;
/** How long after the burst's last answer a message may still arrive before it counts as missing. */
const LIVE_GRACE_MS = 3_000;
/** The server holds at most 8 sockets per session: the admin sockets share sessions in groups of this size. */
const SOCKETS_PER_SESSION = 8;

export interface LiveDelivery {
  p50: number;
  p99: number;
  missing: number;
  expected: number;
}

function connect(url: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie, origin: url } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * Live delivery: 300 admin sockets spread evenly over the processes, then a burst of 200 purchase requests sent 20 at
 * a time, alternating between the processes. Each message's delay is from its request's answer (the commit is just
 * before it; a message that arrives first counts as 0) to its arrival on each socket; a message not there 3 s after
 * the burst's last answer is missing.
 */
export async function liveDelivery(processes: Child[]): Promise<LiveDelivery> {
  const sockets: WebSocket[] = [];
  const arrivals: Array<{ id: number; at: number }> = [];
  try {
    for (let i = 0; i < LIVE_SOCKETS; i += SOCKETS_PER_SESSION) {
      const child = processes[(i / SOCKETS_PER_SESSION) % processes.length];
      const admin = new ApiClient(child.url);
      await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
      const count = Math.min(SOCKETS_PER_SESSION, LIVE_SOCKETS - i);
      sockets.push(...(await Promise.all(Array.from({ length: count }, () => connect(child.url, admin.cookie)))));
    }
    for (const ws of sockets) {
      ws.on('message', (data) => {
        const at = performance.now();
        const message = JSON.parse(String(data)) as { type: string; payload?: { id?: number } };
        if (message.type === 'NEW_PURCHASE_REQUEST' && message.payload?.id !== undefined) arrivals.push({ id: message.payload.id, at });
      });
    }
    const buyers = await Promise.all(
      processes.map(async (child, i) => {
        const buyer = new ApiClient(child.url);
        await buyer.signup(`live_buyer_${i}`);
        return { buyer, body: purchaseBody(`live_buyer_${i}`) };
      }),
    );
    const answered = new Map<number, number>();
    let failed = 0;
    await pool(LIVE_BURST, 20, async (i) => {
      const { buyer, body } = buyers[i % buyers.length];
      const res = await buyer.call<{ id: number }>('POST', '/api/purchase-requests', body);
      if (res.status === 201) answered.set(res.data.id, performance.now());
      else failed += 1;
    });
    const expected = (LIVE_BURST - failed) * sockets.length;
    const until = performance.now() + LIVE_GRACE_MS;
    const count = () => arrivals.filter((arrival) => answered.has(arrival.id)).length;
    while (count() < expected && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    const delays = arrivals
      .filter((arrival) => answered.has(arrival.id))
      .map((arrival) => Math.max(0, arrival.at - answered.get(arrival.id)!));
    return {
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      missing: LIVE_BURST * sockets.length - delays.length,
      expected: LIVE_BURST * sockets.length,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}
