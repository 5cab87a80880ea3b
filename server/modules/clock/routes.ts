import { Router } from 'express';
import * as z from 'zod/mini';
import { parseOrThrow } from '../../lib/validate';
import { advanceClock, now, resetClock } from '../../lib/time';

const ClockBody = z.object({ advanceMs: z.optional(z.number()), reset: z.optional(z.boolean()) });

/**
 * POST /api/test/clock `{ advanceMs }` or `{ reset: true }` → `{ now }`: tests move the server's clock instead of
 * sleeping. Mounted only when the server runs with `TEST_CLOCK=true`; never in production.
 */
export function testClockRoutes(): Router {
  const router = Router();
  router.post('/test/clock', (req, res) => {
    const body = parseOrThrow(ClockBody, req.body ?? {});
    if (body.reset) resetClock();
    if (body.advanceMs) advanceClock(body.advanceMs);
    res.json({ now: now().toISOString() });
  });
  return router;
}
