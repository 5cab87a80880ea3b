// Test-only: one MSW server per test file. A request no handler answers fails the test; handlers added by a test are
// dropped after it.
import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { catalogueHandler } from './catalogue-fixture';

/**
 * Asked by every signed-in screen: the unread badges (nothing unread), and on the account screen the proposed times
 * waiting and the player's disputes (issue 28: none). A test that shows them adds its own handler, which wins.
 */
const NOTHING_UNREAD = http.get('/api/conversations/unread', () => HttpResponse.json({ total: 0, threads: [] }));
/** Asked by admin conversations and the super admin's settings: none unless a test says otherwise. */
const NO_QUICK_REPLIES = http.get('/api/conversations/quick-replies', () => HttpResponse.json([]));
const DEAL_DEFAULTS = [
  http.get('/api/proposals', () => HttpResponse.json([])),
  http.get('/api/disputes', () => HttpResponse.json([])),
  // The super admin's gear counts the disputes to decide (issue 47.6).
  http.get('/api/admin/disputes', () => HttpResponse.json([])),
];

/** The store's time zone, asked by promised times and schedule forms: this device's unless a test sets another. */
const STORE_IN_THIS_ZONE = http.get('/api/store', () => HttpResponse.json({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));

/**
 * The app's socket (/ws): connections are accepted and kept quiet. A test that plays a server message sends it with
 * `appSocket.broadcast(JSON.stringify(message))`.
 */
export const appSocket = ws.link('ws://*/ws');
const QUIET_SOCKET = appSocket.addEventListener('connection', () => undefined);

export function setupMswServer() {
  // The shop, the cart, the home preview and Sell read the catalogue from the server (issue 49): the seed by default.
  const server = setupServer(NOTHING_UNREAD, NO_QUICK_REPLIES, STORE_IN_THIS_ZONE, ...DEAL_DEFAULTS, catalogueHandler(), QUIET_SOCKET);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
