import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** The peak resident memory of a process so far (Linux VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error('VmHWM is not available');
  return Number(match[1]) / 1024;
}

/** Nearest-rank 99th percentile. */
export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

/**
 * Asks GET /api/health every 20 ms from a separate process until stopped, and resolves with each good answer's time in
 * ms; `failed()` then counts the probes that got no answer or not a 2xx. A separate process, because the one sending
 * hundreds of megabytes would delay its own probes.
 */
export function probeHealth(url: string) {
  const script = `
    const times = [];
    let failed = 0;
    let running = true;
    process.stdin.on('data', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        try {
          const answer = await fetch(process.argv[1] + '/api/health');
          await answer.text();
          if (answer.ok) times.push(performance.now() - started);
          else failed += 1;
        } catch { failed += 1; }
        await new Promise((r) => setTimeout(r, 20));
      }
      process.stdout.write(JSON.stringify({ times, failed }));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', script, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  let failed = 0;
  child.stdout.on('data', (chunk) => (output += chunk));
  const done = new Promise<number[]>((resolve) =>
    child.once('exit', () => {
      const result = JSON.parse(output || '{"times":[],"failed":0}') as { times: number[]; failed: number };
      failed = result.failed;
      resolve(result.times);
    }),
  );
  return {
    stop: () => {
      child.stdin.write('stop');
      return done;
    },
    /** After stop: how many probes got no answer or not a 2xx. */
    failed: () => failed,
  };
}

/** A photo of noise (which JPEG cannot shrink) whose data URL is about `megabytes` long. */
export async function bigPhoto(megabytes: number): Promise<string> {
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024 * 0.75) / 0.85));
  const bytes = await sharp({
    create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

export interface FloodAnswer {
  status: number;
  retryAfter: string | null;
  body: string;
}

const SUBMISSION = { ps5Name: 'Glock', robloxName: 'weapons', quantity: 1, hasMultipleQuantity: false, paymentMethod: 'usd' } as const;

/**
 * 50 bodies of 7 MB with no session and 50 signed-in 5 MB photos, all at once, to POST /api/item-submissions, while
 * health is probed. Answers the 100 answers (unsigned first), the health times and the health probes that failed.
 */
export async function floodUploads(
  url: string,
  cookie: string,
): Promise<{ unsigned: FloodAnswer[]; signed: FloodAnswer[]; health: number[]; healthFailed: number }> {
  const unsignedBody = JSON.stringify({ ...SUBMISSION, imageUrl: `data:image/jpeg;base64,${'x'.repeat(7 * 1024 * 1024)}` });
  const signedBody = JSON.stringify({ ...SUBMISSION, imageUrl: await bigPhoto(5) });
  const probe = probeHealth(url);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const send = (body: string, withCookie: boolean): Promise<FloodAnswer> =>
    fetch(`${url}/api/item-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) },
      body,
    }).then(
      async (answer) => ({ status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.text() }),
      () => ({ status: 0, retryAfter: null, body: '' }),
    );
  const answers = await Promise.all([
    ...Array.from({ length: 50 }, () => send(unsignedBody, false)),
    ...Array.from({ length: 50 }, () => send(signedBody, true)),
  ]);
  const health = await probe.stop();
  return { unsigned: answers.slice(0, 50), signed: answers.slice(50), health, healthFailed: probe.failed() };
}
