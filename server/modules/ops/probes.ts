import express, { type Router } from 'express';
import { sql } from 'kysely';
import type { Engine } from '../../db/engine';
import { migrationFiles, MIGRATIONS_DIR, POSTGRES_MIGRATIONS_DIR } from '../../db/migrate';
import { HEALTH_TIMEOUT_MS, within } from '../../lib/health';
import type { Logger } from '../../lib/logger';

/** Where the process is in its life: a load balancer sends it requests only while `ready`. */
export type Readiness = 'starting' | 'ready' | 'draining';

/**
 * GET /healthz (the process runs: 200 whenever it can answer) and GET /readyz (200 only when it is `ready`, the
 * database answers within HEALTH_TIMEOUT_MS and every migration on disk is applied; else 503 saying why). Both answer
 * JSON and are never cached, so neither a proxy nor the service worker can answer them for the process.
 */
export function createProbes(engine: Engine, logger: Logger, timeoutMs = HEALTH_TIMEOUT_MS) {
  let state: Readiness = 'starting';
  const expected = migrationFiles(engine.name === 'postgres' ? POSTGRES_MIGRATIONS_DIR : MIGRATIONS_DIR);
  const applied = sql<{ name: string }>`SELECT name FROM schema_migrations`.compile(engine.kysely);
  // Logged when the answer changes, not on every probe (a balancer asks every few seconds).
  let lastProblem: string | null = null;

  async function problem(): Promise<{ status: string; detail?: unknown } | null> {
    if (state !== 'ready') return { status: state };
    let names: Set<string>;
    try {
      names = new Set((await within(engine.tx.execute(applied), timeoutMs)).rows.map((row) => row.name));
    } catch (error) {
      return { status: 'database-unreachable', detail: error instanceof Error ? error.message : String(error) };
    }
    const pending = expected.filter((name) => !names.has(name));
    return pending.length > 0 ? { status: 'migrations-pending', detail: pending } : null;
  }

  const router: Router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, state, uptimeSeconds: Math.round(process.uptime()) });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const found = await problem();
    if (found?.status !== lastProblem) {
      if (found && found.status !== 'draining') logger.warn({ readiness: found.status, detail: found.detail }, 'not ready');
      else if (!found && lastProblem) logger.info({ readiness: 'ready' }, 'ready again');
      lastProblem = found?.status ?? null;
    }
    // The detail (an error's text, the migrations' names) goes to the log only: /readyz is reachable from outside.
    if (found) res.status(503).json({ ok: false, status: found.status, engine: engine.name });
    else res.json({ ok: true, status: 'ready', engine: engine.name });
  });

  return {
    router,
    state: () => state,
    /** The listener is open and the start's work done: requests may come. */
    ready: () => void (state = 'ready'),
    /** Stopping: the balancer is told at once, before the listener closes. */
    draining: () => void (state = 'draining'),
  };
}
export type Probes = ReturnType<typeof createProbes>;
