// The search parameters of the routes that take any. Read by hand rather than with a zod schema: they are two
// optional texts and a flag, and zod in the router's route tree would put zod's core into every first download —
// measured at +8.4 KB gzip for '/', over its 125 KB budget (zod is otherwise only fetched by screens with forms).
// zod's small build (`zod/mini`) shares that core: measured at +8.4 KB as well (126.0 KB).

/** /change-password?token=…&username=… (the one-time setup link): texts, anything else dropped. */
export function changePasswordSearch(input: Record<string, unknown>): { token?: string; username?: string } {
  return {
    ...(typeof input.token === 'string' ? { token: input.token } : {}),
    ...(typeof input.username === 'string' ? { username: input.username } : {}),
  };
}

/**
 * /my-activity?firstTime=true (straight after signing up) and ?tab=sell|buy (a notification's link to My Sell or My
 * Buy Requests): each kept only with a value it can have.
 */
export function myActivitySearch(input: Record<string, unknown>): { firstTime?: 'true' | true; tab?: 'sell' | 'buy' } {
  return {
    ...(input.firstTime === true || input.firstTime === 'true' ? { firstTime: input.firstTime } : {}),
    ...(input.tab === 'sell' || input.tab === 'buy' ? { tab: input.tab } : {}),
  };
}

export type AdminScreenParam = 'pending' | 'submissions' | 'outbox';

/** /?admin=pending|submissions|outbox (a notification's link to an Admin Control list): the list, or nothing. */
export function indexSearch(input: Record<string, unknown>): { admin?: AdminScreenParam } {
  return input.admin === 'pending' || input.admin === 'submissions' || input.admin === 'outbox' ? { admin: input.admin } : {};
}
