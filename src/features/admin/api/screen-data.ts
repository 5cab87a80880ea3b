import type { QueryClient } from '@tanstack/react-query';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

/** An Admin Control screen a link can open: the menu, or one of its lists. */
export type AdminScreenName =
  'menu' | 'submissions' | 'pickups' | 'collected' | 'denied-paid' | 'pending' | 'approved' | 'closed' | 'outbox';

/** Starts one list: what is cached is kept, what is not is read (offline, the list's query answers its saved copy). */
type Load = (queryClient: QueryClient) => Promise<unknown>;

const requests: Load = (queryClient) => queryClient.ensureQueryData(purchaseRequestsQueryOptions());
const submissions: Load = (queryClient) => queryClient.ensureQueryData(itemSubmissionsQueryOptions());
const pickups: Load = (queryClient) => queryClient.ensureQueryData(scheduledPickupsQueryOptions());

/** The lists each screen reads: the menu counts every queue (and Due now lists the promises); the outbox is local. */
const SCREEN_LISTS: Record<AdminScreenName, readonly Load[]> = {
  menu: [requests, submissions, pickups],
  submissions: [submissions, pickups],
  pickups: [pickups],
  collected: [pickups],
  'denied-paid': [submissions, pickups],
  pending: [requests],
  approved: [requests],
  closed: [requests],
  outbox: [],
};

/** Starts the lists of `screen`; a failure is left to the screen, which shows its saved copy or its own error. */
export function loadAdminScreen(queryClient: QueryClient, screen: AdminScreenName): Promise<void> {
  return Promise.allSettled(SCREEN_LISTS[screen].map((load) => load(queryClient))).then(() => undefined);
}
