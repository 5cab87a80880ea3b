// Test-only: one MSW server per test file. A request no handler answers fails the test; handlers added by a test are
// dropped after it.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Asked by every signed-in screen (the unread badges, issue 28): nothing unread unless a test says otherwise. */
const NOTHING_UNREAD = http.get('/api/conversations/unread', () => HttpResponse.json({ total: 0, threads: [] }));

export function setupMswServer() {
  const server = setupServer(NOTHING_UNREAD);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
