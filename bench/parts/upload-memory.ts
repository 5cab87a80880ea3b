// Part: memory and responsiveness under a flood of photo uploads — 50 bodies of 7 MB with no session and 50 signed-in
// 5 MB photos at once. Baseline: the same server in the same run, idle (its peak RSS after start, health p99 at rest).
import { floodUploads, p99, peakRssMb, probeHealth } from '../../tests/support/upload-flood';
import { ApiClient } from '../lib/client';
import { startOurServer } from '../lib/processes';
import type { BenchRow } from '../lib/results';

export async function runUploadMemory(): Promise<BenchRow[]> {
  const server = await startOurServer();
  try {
    const user = new ApiClient(server.url);
    await user.signup('flooder');
    const idleProbe = probeHealth(server.url);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleHealth = await idleProbe.stop();
    const idleRss = peakRssMb(server.process.pid!);
    const { unsigned, signed, health } = await floodUploads(server.url, user.cookie);
    const peak = peakRssMb(server.process.pid!);
    const stored = signed.filter((answer) => answer.status === 201).length;
    const busy = signed.filter((answer) => answer.status === 503).length;
    const note = `unsigned: ${unsigned.filter((a) => a.status === 401).length}×401; signed: ${stored}×201, ${busy}×503`;
    return [
      {
        part: 'upload-memory',
        figure: 'peak RSS during 50 + 50 photo uploads',
        ours: Math.round(peak),
        baseline: Math.round(idleRss),
        unit: 'MB',
        budget: '< 400 MB',
        pass: peak < 400,
        note,
      },
      {
        part: 'upload-memory',
        figure: 'GET /api/health p99 meanwhile',
        ours: p99(health),
        baseline: p99(idleHealth),
        unit: 'ms',
        budget: '< 100 ms',
        pass: p99(health) < 100,
      },
    ];
  } finally {
    await server.stop();
  }
}
