// The search parameters of the routes that take any. Read by hand rather than with a zod schema: they are two
// optional texts and a flag, and zod in the router's route tree would put ~7 KB (gzip) into every first download.

/** /change-password?token=…&username=… (the one-time setup link): texts, anything else dropped. */
export function changePasswordSearch(input: Record<string, unknown>): { token?: string; username?: string } {
  return {
    ...(typeof input.token === 'string' ? { token: input.token } : {}),
    ...(typeof input.username === 'string' ? { username: input.username } : {}),
  };
}

/** /my-activity?firstTime=true (straight after signing up): the flag, or nothing. */
export function myActivitySearch(input: Record<string, unknown>): { firstTime?: 'true' | true } {
  return input.firstTime === true || input.firstTime === 'true' ? { firstTime: input.firstTime } : {};
}
