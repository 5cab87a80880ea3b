import type { CreatedApp } from '../app';
import { scheduleBackups } from '../backup';
import type { Config } from '../config';
import type { Engine } from '../db/engine';
import { runExclusive } from '../db/postgres';
import type { Logger } from '../lib/logger';
import { startPromiseJob } from '../modules/promises/job';

/** On PostgreSQL every process runs the same timers; one at a time does the work (a session lock named for the job). */
function exclusiveOn(postgresUrl: string | null) {
  return (name: string) =>
    <T>(run: () => Promise<T>): Promise<T | null> =>
      postgresUrl ? runExclusive(postgresUrl, `blockspin:${name}`, run) : run();
}

/**
 * Starts the server's own timers — the sweep of unnamed photos (run once now), the missed-promise job, backups, the
 * admin alerts' scan — and returns what stops them all.
 */
export async function startBackgroundJobs(
  engine: Engine,
  config: Config,
  logger: Logger,
  { sweepOrphanImages, promisesService, ops }: Pick<CreatedApp, 'sweepOrphanImages' | 'promisesService' | 'ops'>,
): Promise<() => void> {
  const exclusive = exclusiveOn(engine.pool ? (config.databaseUrl ?? null) : null);
  // Photos written by an upload that a crash cut off before its row was committed: nobody can see or delete them.
  const sweep = async () => {
    try {
      const deleted = (await exclusive('orphan-sweep')(sweepOrphanImages)) ?? [];
      if (deleted.length > 0) logger.info({ deleted }, 'deleted stored photos that no record names');
    } catch (error) {
      logger.error({ err: error }, 'the sweep of unnamed photos failed');
    }
  };
  await sweep();
  const sweeper = setInterval(sweep, config.orphanSweepIntervalMs);
  sweeper.unref();
  // Missed promises are credited by the server itself: once now (those missed while it was down), then continually.
  const stopPromiseJob = startPromiseJob(promisesService, config.promiseCheckIntervalMs, logger, exclusive('promise-job'));
  const stopBackups =
    config.backupIntervalMs > 0
      ? scheduleBackups(engine, config.dataDir, { ...config, intervalMs: config.backupIntervalMs }, logger, exclusive('backup'))
      : () => {};
  // Admin alerts of promises due or missed and of disputes (issue 51), at the missed-promise job's pace.
  const stopAlertScan = ops.startAlertScan(config.promiseCheckIntervalMs, exclusive('alert-scan'));
  return () => {
    clearInterval(sweeper);
    stopPromiseJob();
    stopBackups();
    stopAlertScan();
  };
}
