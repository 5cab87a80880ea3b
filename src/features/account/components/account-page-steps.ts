import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { signIn } from '@/test/render-app';

// The shared steps of the account screen's tests (account-page.*). Each file mocks '@/lib/socket' itself (a mock is
// per file).

/** user-event's clock: real until a test switches to fake timers. */
export const advanceTimers = (ms: number) => {
  if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
};

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

export type Contact = { contactEmail?: string | null; ps5Username?: string | null; robloxUsername?: string | null };
export const userWith = (username: string, contact: Contact = {}) => ({
  username,
  contactEmail: null,
  ps5Username: null,
  robloxUsername: null,
  isAdmin: false,
  isSuperAdmin: false,
  ...contact,
});

/**
 * A test file's server (one per file) and `setup`, bound to it. Whole-app renders with user-event are slow on a busy
 * machine: the file's tests get 20 s instead of the 5 s default; real timers come back after each test.
 */
export function setupAccountPage() {
  vi.setConfig({ testTimeout: 20_000 });
  const server = setupMswServer();
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs in a user with a contact and answers GET contact; returns the name and the PUT bodies seen. */
  function setup(contact: Contact = { contactEmail: 'me@example.com' }, put?: (body: Contact) => Response | Promise<Response>) {
    const username = uniqueName('acct');
    signIn(userWith(username, contact));
    const bodies: Contact[] = [];
    server.use(
      http.get('/api/marketplace/contact/:u', () => HttpResponse.json(userWith(username, contact))),
      http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
      http.put('/api/marketplace/contact/:u', async ({ request }) => {
        const body = (await request.json()) as Contact;
        bodies.push(body);
        return put ? put(body) : HttpResponse.json(userWith(username, body));
      }),
    );
    return { username, bodies };
  }
  return { server, setup };
}

export async function openContact(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: /My Contact Information/ }));
  return screen.findByRole('form', { name: 'My Contact Information' });
}

export const option = (name: string) => screen.getByRole('group', { name });
