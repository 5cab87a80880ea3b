import type { Logger } from '../../lib/logger';
import type { PromisesService } from './service';

/** Credits missed promises at start and then every `intervalMs`; a failed run is logged and the next one tries again. */
export function startPromiseJob(
  service: PromisesService,
  intervalMs: number,
  logger: Logger,
  exclusive: (run: () => Promise<unknown>) => Promise<unknown> = (run) => run(),
): () => void {
  // A run still going when the next is due is not doubled: the next tick tries again.
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    exclusive(() => service.runDue())
      .catch((error: unknown) => logger.error({ err: error }, 'the missed-promise check failed; it runs again shortly'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
