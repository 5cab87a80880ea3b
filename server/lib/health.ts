import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { sql } from 'kysely';
import type { Engine } from '../db/engine';
import type { Logger } from './logger';

/** How long the database gets to answer the health check's query before the process is reported unhealthy. */
export const HEALTH_TIMEOUT_MS = 2_000;

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What this process runs: the package's version and the commit it was built from (`BUILD_COMMIT`, else the checkout's
 * HEAD when there is one), so a load balancer's log tells which processes still run the old code during a deploy.
 */
function readBuild(): { version: string; commit: string | null } {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  let commit = process.env.BUILD_COMMIT || null;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      commit = null; // not a git checkout (a copied build): the version alone
    }
  }
  return { version, commit };
}

let build: ReturnType<typeof readBuild> | null = null;

/** Rejects after `ms` unless `work` settles first. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: 200 when the database answers a query of a real table within HEALTH_TIMEOUT_MS, else 503 (issue
 * 29 item 7, issue 32 item 4), so a load balancer takes a process whose database is gone out of rotation. Either way
 * it reports the process's build and uptime. It goes through the engine's own path (the connection's turn on SQLite, the pool
 * on PostgreSQL): a process whose pool is exhausted or whose SQLite handle failed cannot serve requests either.
 */
export function healthCheck(engine: Engine, logger: Logger, timeoutMs = HEALTH_TIMEOUT_MS): RequestHandler {
  build ??= readBuild();
  const probe = sql<{ id: number }>`SELECT id FROM users LIMIT 1`.compile(engine.kysely);
  return async (_req, res) => {
    const body = { build, uptimeSeconds: Math.round(process.uptime()), engine: engine.name };
    res.setHeader('Cache-Control', 'no-store');
    const started = performance.now();
    try {
      await within(engine.tx.execute(probe, true), timeoutMs);
      res.json({ ok: true, database: 'ok', databaseMs: Math.round(performance.now() - started), ...body });
    } catch (error) {
      logger.warn({ err: error }, 'health check: the database did not answer');
      res.status(503).json({ ok: false, database: 'unreachable', ...body });
    }
  };
}
