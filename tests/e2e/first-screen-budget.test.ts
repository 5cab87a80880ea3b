// The first screen's JavaScript against its budget (issue 52.3), from the built dist/ as the bench reads it
// (bench/parts/bundle.ts): every file '/' loads before it can draw, gzip.
import { expect, it } from 'vitest';

// The bench reads BENCH_DIST as it loads; the browser tests' build is E2E_DIST.
if (process.env.E2E_DIST) process.env.BENCH_DIST ??= process.env.E2E_DIST;
const { runBundle } = await import('../../bench/parts/bundle');

it("when '/' is opened, then the JavaScript it loads before drawing weighs at most 125 KB gzip, and no admin code is in it", async () => {
  const rows = await runBundle();
  const entry = rows.find((row) => row.figure === "'/' signed-out JavaScript (gzip)")!;
  expect(entry.ours).toBeGreaterThan(50 * 1024);
  expect(entry.ours, `${(entry.ours / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(125 * 1024);
  const admin = rows.find((row) => row.figure === 'admin chunk(s) JavaScript (gzip)')!;
  expect([admin.pass, admin.note]).toEqual([true, expect.stringMatching(/lazy admin entries$/)]);
});
