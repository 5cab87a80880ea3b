import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { ScheduledPickupJson as ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '@/domain/schemas/purchases';
import { purchaseRequestJson } from '@/domain/schemas/purchase-request.fixture';
import type { Proposal } from '@/domain/schemas/deals';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';
import { openRequestCards, requestRows } from '@/test/request-rows';

// The shared steps of the tests of My Buy/Sell Requests (account-lists.*, account-promise-cards.*).

type Server = ReturnType<typeof setupMswServer>;

/**
 * A test file's server (one per file) and its steps bound to it; players' names start with `prefix`. Whole-app renders
 * with user-event are slow on a busy machine: the file's tests get 20 s instead of the 5 s default.
 */
export function setupPlayerScreens(prefix: string) {
  vi.setConfig({ testTimeout: 20_000 });
  const server = setupMswServer();
  return {
    server,
    signInPlayer: () => signInPlayer(server, prefix),
    openBuy: (requests: PurchaseRequest[]) => openBuy(server, requests),
    openSell: (requests: UserSellRequest[], pickups?: ScheduledPickup[]) => openSell(server, requests, pickups),
  };
}

let counter = 0;
/** Signs a new player in with a contact email; the server answers her contact, no credit and no history. */
export function signInPlayer(server: Server, prefix: string): string {
  const username = `${prefix}${++counter}${Date.now().toString(36)}`;
  signIn({ username, contactEmail: 'me@example.com' });
  server.use(
    http.get('/api/marketplace/contact/:u', () =>
      HttpResponse.json({
        username,
        contactEmail: 'me@example.com',
        ps5Username: null,
        robloxUsername: null,
        isAdmin: false,
        isSuperAdmin: false,
      }),
    ),
    http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
    http.get('/api/history/:subject/:id', () => HttpResponse.json([])),
  );
  return username;
}

/** A pending sell request of one Glock for USD, with a photo, made on the id-th of November 2026. */
export const sellRequest = (id: number, patch: Partial<UserSellRequest>): UserSellRequest => ({
  id,
  username: 'u',
  itemName: 'Glock',
  category: 'weapons',
  imageUrl: `/api/images/${id}.jpg`,
  thumbnailUrl: `/api/images/${id}-thumb.jpg`,
  hasMultipleQuantity: false,
  quantity: 1,
  paymentMethod: 'usd',
  status: 'pending',
  submissionId: id * 10,
  createdAt: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  ...patch,
});

/** The pickup scheduled for a sell request's submission: 11/25/2026 at 3:30 PM, not yet collected nor paid. */
export const scheduledPickup = (submissionId: number, patch: Partial<ScheduledPickup>): ScheduledPickup => ({
  id: submissionId + 1,
  submissionId,
  scheduledDate: '11/25/2026',
  scheduledTime: '3:30 PM',
  isImmediate: false,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: null,
  agreedPrice: null,
  ...patch,
});

/** A purchase request of two Glocks at $2.00, made on 2026-11-20, nothing due. */
export const purchaseRequest = (id: number, patch: Partial<PurchaseRequest>): PurchaseRequest =>
  purchaseRequestJson({
    id,
    requesterName: 'u',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
    totalPrice: 4,
    totalItems: 2,
    contactEmail: 'me@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    requestedAt: '2026-11-20T10:00:00.000Z',
    amountDue: 0,
    ...patch,
  });

// account-promise-cards.*: requests whose drop is promised for 2030.

/** A pending sell request of one Glock for USD, without a photo, made on 2026-11-20. */
export const promisedSell = (id: number, patch: Partial<UserSellRequest>): UserSellRequest =>
  sellRequest(id, { imageUrl: null, thumbnailUrl: null, createdAt: '2026-11-20T10:00:00.000Z', ...patch });

/** A sell request's pickup promised (open) for 11/25/2030 at 3:30 PM. */
export const promisedPickup = (submissionId: number, patch: Partial<ScheduledPickup>): ScheduledPickup =>
  scheduledPickup(submissionId, { scheduledDate: '11/25/2030', promiseStatus: 'open', ...patch });

/** A purchase request of two Glocks with $20.00 due. */
export const promisedPurchase = (id: number, patch: Partial<PurchaseRequest>): PurchaseRequest =>
  purchaseRequest(id, { totalPrice: 20, amountDue: 20, ...patch });

/** The store's open proposal of 3/14/2030 at 4:30 PM for purchase request 1. */
export const proposal = (patch: Partial<Proposal>): Proposal => ({
  id: 1,
  subjectType: 'purchase-request',
  subjectId: 1,
  scheduledDate: '3/14/2030',
  scheduledTime: '4:30 PM',
  isImmediate: false,
  promisedAt: '2030-03-14T20:30:00.000Z',
  proposedBy: 'Admin',
  proposedByRole: 'admin',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  ...patch,
});

/** Opens My Buy Requests on these requests and every row's full card. */
export async function openBuy(server: Server, requests: PurchaseRequest[]) {
  const user = userEvent.setup();
  server.use(http.get('/api/user-purchase-requests/:u', () => HttpResponse.json(requests)));
  renderApp('/my-activity');
  await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
  await waitFor(() => expect(requestRows('purchase-request')).toHaveLength(requests.length));
  // The list shows compact rows (issue 30 item 15): these tests read the full cards.
  expect(await openRequestCards(user, 'purchase-request')).toHaveLength(requests.length);
  return user;
}

/** Opens My Sell Requests on these requests and pickups and every row's full card. */
export async function openSell(server: Server, requests: UserSellRequest[], pickups: ScheduledPickup[] = []) {
  const user = userEvent.setup();
  server.use(
    http.get('/api/user-sell-requests/:u', () => HttpResponse.json(requests)),
    http.get('/api/scheduled-pickups', () => HttpResponse.json(pickups)),
  );
  renderApp('/my-activity');
  await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
  await waitFor(() => expect(requestRows('sell-request')).toHaveLength(requests.length));
  expect(await openRequestCards(user, 'sell-request')).toHaveLength(requests.length);
  return user;
}

/** The first card of this test id whose status is this one. */
export const card = (testId: string, status: string) => screen.getAllByTestId(testId).find((element) => element.dataset.status === status)!;
