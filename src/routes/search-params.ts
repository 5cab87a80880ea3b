// The search parameters of the routes that take any, as zod schemas the router validates with (it reads any Standard
// Schema). A value a route cannot have is dropped rather than refused — a mistyped or outdated link still opens the
// screen, only without that option — and parameters the route does not know are dropped too.
import * as z from 'zod/mini';

/**
 * The schema `make` builds, built the first time the router validates with it: building a zod schema is work at start
 * (each part binds its methods), and a visitor's first screen validates one route's search, not every route's.
 */
function builtOnFirstUse<T extends z.ZodMiniType>(make: () => T): T {
  let schema: T | undefined;
  const built = () => (schema ??= make());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
  });
}

/** Keeps `schema`'s value when it fits, and leaves the parameter out when it does not. */
const droppedUnlessValid = <T extends z.ZodMiniType>(schema: T) => z.optional(z.catch(z.optional(schema), undefined));

/** /change-password?token=…&username=… (the one-time setup link): texts. */
export const changePasswordSearch = builtOnFirstUse(() =>
  z.object({
    token: droppedUnlessValid(z.string()),
    username: droppedUnlessValid(z.string()),
  }),
);

/** /verify-email?token=… (the link mailed to a contact email). */
export const verifyEmailSearch = builtOnFirstUse(() => z.object({ token: droppedUnlessValid(z.string()) }));

/**
 * /my-activity?firstTime=true (straight after signing up) and ?tab=sell|buy (a notification's link to My Sell or My
 * Buy Requests), with &thread=N when it is about one deal's messages (N: the request's or the submission's number).
 */
export const myActivitySearch = builtOnFirstUse(() =>
  z.object({
    firstTime: droppedUnlessValid(z.literal([true, 'true'])),
    tab: droppedUnlessValid(z.enum(['sell', 'buy'])),
    thread: droppedUnlessValid(z.int().check(z.positive())),
  }),
);

export const ADMIN_SCREENS = ['control', 'pending', 'submissions', 'outbox'] as const;
export type AdminScreenParam = (typeof ADMIN_SCREENS)[number];

/** /?admin=pending|submissions|outbox (a notification's link to an Admin Control list); `control`: its menu (the app shortcut). */
export const indexSearch = builtOnFirstUse(() => z.object({ admin: droppedUnlessValid(z.enum(ADMIN_SCREENS)) }));
