// The search parameters of the routes that take any, as Standard Schemas the router validates with. A value a route
// cannot have is dropped rather than refused — a mistyped or outdated link still opens the screen, only without that
// option — and parameters the route does not know are dropped too.
//
// Written by hand rather than with zod: the route tree is in the first screen's bundle, and zod was 9 KB (gzip) of its
// 125 KB budget there for these five fields alone (issue 52.3). The API's schemas stay zod, loaded with the screens
// that call it.

/** One search parameter: whether a value is one the route can have. */
type Field<V> = (value: unknown) => value is V;

/** A route's search: the fields it keeps, each optional. */
type SearchOf<F> = { [K in keyof F]?: F[K] extends Field<infer V> ? V : never };

/** The router's validator (a Standard Schema, typed for links) and `parse`, for tests. */
export interface SearchSchema<T> {
  '~standard': {
    version: 1;
    vendor: 'blockspin';
    validate: (value: unknown) => { value: T };
    types?: { input: T; output: T };
  };
  parse: (value: unknown) => T;
}

/** Keeps each of `fields` whose value fits, and leaves out the rest. */
function searchSchema<F extends Record<string, Field<unknown>>>(fields: F): SearchSchema<SearchOf<F>> {
  const parse = (value: unknown): SearchOf<F> => {
    const search = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const kept: Record<string, unknown> = {};
    // Every field is named, undefined when its value does not fit: the router lays a route's validated search over
    // the address's own, so a field left out would let the raw value through.
    for (const key of Object.keys(fields)) kept[key] = fields[key](search[key]) ? search[key] : undefined;
    return kept as SearchOf<F>;
  };
  return { '~standard': { version: 1, vendor: 'blockspin', validate: (value) => ({ value: parse(value) }) }, parse };
}

const text: Field<string> = (value): value is string => typeof value === 'string';
const oneOf =
  <const V extends readonly unknown[]>(values: V): Field<V[number]> =>
  (value): value is V[number] =>
    values.includes(value);
const positiveWhole: Field<number> = (value): value is number => Number.isInteger(value) && (value as number) > 0;

/** /change-password?token=…&username=… (the one-time setup link): texts. */
export const changePasswordSearch = searchSchema({ token: text, username: text });

/** /verify-email?token=… (the link mailed to a contact email). */
export const verifyEmailSearch = searchSchema({ token: text });

/**
 * /my-activity?firstTime=true (straight after signing up) and ?tab=sell|buy (a notification's link to My Sell or My
 * Buy Requests), with &thread=N when it is about one deal's messages (N: the request's or the submission's number).
 */
export const myActivitySearch = searchSchema({ firstTime: oneOf([true, 'true']), tab: oneOf(['sell', 'buy']), thread: positiveWhole });

/**
 * The old links to Admin Control, /?admin=… (installed apps' shortcut, notifications already sent): each now
 * redirects to its screen's route, /admin/… (`control`: the menu).
 */
export const ADMIN_SCREENS = ['control', 'pending', 'submissions', 'outbox', 'approved', 'pickups'] as const;
export type AdminScreenParam = (typeof ADMIN_SCREENS)[number];

/** /?admin=… (an old link to an Admin Control screen; redirected to /admin/…). */
export const indexSearch = searchSchema({ admin: oneOf(ADMIN_SCREENS) });

/** /admin/{list}?q=#3: a list opened from Admin Control's search, on that record. */
export const adminSearch = searchSchema({ q: text });
