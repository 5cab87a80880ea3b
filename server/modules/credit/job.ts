import type { Logger } from '../../lib/logger';
import type { CreditService } from './service';

/** Credits missed promises at start and then every `intervalMs`; a failed run is logged and the next one tries again. */
export function startPromiseJob(service: CreditService, intervalMs: number, logger: Logger): () => void {
  const run = () => {
    try {
      service.runDue();
    } catch (error) {
      logger.error({ err: error }, 'the missed-promise check failed; it runs again shortly');
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
