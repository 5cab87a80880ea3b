import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

/** What the screen at `href` reads with useSearch(), once the app's route tree has validated it. */
async function searchOf(href: string) {
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: [href] }));
  await router.load();
  const match = router.state.matches.at(-1);
  if (!match) throw new Error(`no route matched ${href}`);
  return match.search as Record<string, unknown>;
}

describe("the app router's search parameters", () => {
  it('when a link opens Admin Control on a list, then the route keeps the list; an unknown list is dropped', async () => {
    expect((await searchOf('/?admin=pending')).admin).toBe('pending');
    expect((await searchOf('/?admin=users')).admin).toBeUndefined();
  });

  it('when the set-up link carries a token and a username, then the screen reads both as texts', async () => {
    const search = await searchOf('/change-password?token=abc&username=ada');
    expect(search).toMatchObject({ token: 'abc', username: 'ada' });
    // The router reads a JSON-looking value as JSON: a token that is not a text is dropped, not passed on as a number.
    expect((await searchOf('/change-password?token=123')).token).toBeUndefined();
  });
});
