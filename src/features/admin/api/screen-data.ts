import type { QueryClient } from '@tanstack/react-query';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

/** An Admin Control screen by its address below /admin (its route: src/routes/admin.tsx); '': the menu. */
export type AdminScreenPath = '' | AdminListPath;
export type AdminListPath =
  'submissions' | 'pickups' | 'collected' | 'denied' | 'paid' | 'pending' | 'approved' | 'rejected' | 'completed' | 'closed' | 'outbox';

/** Starts one list: what is cached is kept, what is not is read (offline, the list's query answers its saved copy). */
type Load = (queryClient: QueryClient) => Promise<unknown>;

const requests: Load = (queryClient) => queryClient.ensureQueryData(purchaseRequestsQueryOptions());
const submissions: Load = (queryClient) => queryClient.ensureQueryData(itemSubmissionsQueryOptions());
const pickups: Load = (queryClient) => queryClient.ensureQueryData(scheduledPickupsQueryOptions());

/** The lists each screen reads: the menu counts every queue (and Due now lists the promises); the outbox is local. */
const SCREEN_LISTS: Record<AdminScreenPath, readonly Load[]> = {
  '': [requests, submissions, pickups],
  submissions: [submissions, pickups],
  pickups: [pickups],
  collected: [pickups],
  denied: [submissions, pickups],
  paid: [submissions, pickups],
  pending: [requests],
  approved: [requests],
  rejected: [requests],
  completed: [requests],
  closed: [requests],
  outbox: [],
};

/** Starts the lists of `screen`; a failure is left to the screen, which shows its saved copy or its own error. */
export function loadAdminScreen(queryClient: QueryClient, screen: AdminScreenPath): Promise<void> {
  return Promise.allSettled(SCREEN_LISTS[screen].map((load) => load(queryClient))).then(() => undefined);
}
