import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markNewAccount } from '@/lib/greeting';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
// Whole-app renders are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => sessionStorage.clear());

/** Home for `username`, signed in as the app does after login; answers its greeting line. */
async function greetingOnHome(username: string): Promise<string> {
  signIn({ username });
  server.use(
    http.get('/api/marketplace/contact/:u', () =>
      HttpResponse.json({ username, contactEmail: 'a@b.co', ps5Username: null, robloxUsername: null, isAdmin: false, isSuperAdmin: false }),
    ),
  );
  renderApp('/');
  const name = await screen.findByText(username, { selector: 'strong' }, { timeout: 5_000 });
  const greeting = name.previousElementSibling?.textContent ?? '';
  cleanup();
  return greeting;
}

describe('the greeting on home (issue 52.5)', () => {
  it('when a player made elsewhere (another tab, another device) opens home here for the first time, then it says Welcome; the next visit, Welcome back', async () => {
    expect(await greetingOnHome('newbie')).toBe('Welcome');
    expect(await greetingOnHome('newbie')).toBe('Welcome back');
  });

  it('when another player uses the same device, then they are welcomed as new, and the first still as returning', async () => {
    expect(await greetingOnHome('first')).toBe('Welcome');
    expect(await greetingOnHome('Second')).toBe('Welcome');
    expect(await greetingOnHome('FIRST')).toBe('Welcome back');
  });

  it('when the account was just made in this tab, then home says Welcome even where the name was greeted before', async () => {
    expect(await greetingOnHome('again')).toBe('Welcome');
    markNewAccount('again');
    expect(await greetingOnHome('again')).toBe('Welcome');
  });
});
