// Test-only: one MSW server per test file. A request no handler answers fails the test; handlers added by a test are
// dropped after it.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * Asked by every account screen (issue 28: a proposed time waiting at the top, a no-show's dispute): by default none;
 * a test that shows them adds its own handler, which wins.
 */
const DEAL_DEFAULTS = [http.get('/api/proposals', () => HttpResponse.json([])), http.get('/api/disputes', () => HttpResponse.json([]))];

export function setupMswServer() {
  const server = setupServer(...DEAL_DEFAULTS);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
