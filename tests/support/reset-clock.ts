import { afterAll } from 'vitest';
import { resetClock } from '../../server/lib/time';

// The API files share one worker's modules (isolate: false in vitest.config.ts), the server's clock among them: a
// file that moved the clock (POST /api/test/clock) puts it back when it ends, so the next file starts at the real time.
afterAll(() => resetClock());
