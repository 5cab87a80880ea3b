import { now as clockNow } from '../../lib/time';
import { creditMissed } from './close-promise';
import { OPEN_STATUS, type PromisesDeps } from './deps';

/** Finds missed promises and credits each once; answers how many were credited. Safe to run at once from anywhere. */
export async function runDue(deps: PromisesDeps, now = clockNow()): Promise<number> {
  const { tx, promises, credit, logger } = deps;
  let count = 0;
  const touched = new Set<number>();
  for (const due of await promises.duePromises(tx, now.toISOString())) {
    const result = await tx.run(async (tx) => {
      const promise = await promises.findPromise(tx, due.id);
      if (!promise || promise.status !== 'open') return null;
      return creditMissed(deps, tx, promise, OPEN_STATUS[promise.kind]);
    });
    if (result) {
      count += 1;
      if (result.userId !== null && result.cents > 0) touched.add(result.userId);
    }
  }
  for (const userId of touched) await credit.announce(userId);
  if (count > 0) logger.info({ credited: count }, 'missed promises credited');
  return count;
}

/** Super admin statistics: promises kept on time (%), of those kept or missed. */
export async function promiseStats({ tx, promises }: PromisesDeps) {
  const { kept, missed } = await promises.keptAndMissed(tx);
  const closed = kept + missed;
  return { promisesKeptPercent: closed === 0 ? null : Math.round((kept / closed) * 1000) / 10 };
}
