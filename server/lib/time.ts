/**
 * The server's one clock (STYLE.md habit 11). It reads the system time plus an offset that only a test moves, through
 * `POST /api/test/clock` (mounted only when `TEST_CLOCK=true`, see server/app.ts) — so a test lets an hour pass
 * without sleeping, and two processes on one database can each be moved the same way.
 */
let offsetMs = 0;

/** The current instant. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The current time as the API writes it (ISO 8601, UTC). */
export function nowIso(): string {
  return now().toISOString();
}

/** Tests only: moves the clock on (or back) by `ms`; answers the new current instant. */
export function advanceClock(ms: number): Date {
  offsetMs += ms;
  return now();
}

/** Tests only: back to the system time. */
export function resetClock(): void {
  offsetMs = 0;
}
