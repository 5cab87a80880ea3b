import type { QueryClient } from '@tanstack/react-query';
import { contactQueryOptions } from '../lib/api/contact';
import { creditQueryOptions } from '../lib/credit-query';

// What a signed-in screen reads first, started by its route's loader together with the screen's code rather than
// after it. A failure is left to the screen: offline it shows its saved copy, otherwise its own error and Try Again.
const settle = (loads: Promise<unknown>[]) => Promise.allSettled(loads).then(() => undefined);

/** Home: the user's contact, which carries the roles the home screen checks (Admin Control, settings). */
export const loadHomeData = (queryClient: QueryClient, username: string) =>
  settle([queryClient.ensureQueryData(contactQueryOptions(username))]);

/** My Account: the contact form and the store credit. */
export const loadAccountData = (queryClient: QueryClient, username: string) =>
  settle([queryClient.ensureQueryData(contactQueryOptions(username)), queryClient.ensureQueryData(creditQueryOptions(username))]);

/** The shop: the store credit the cart offers to spend. */
export const loadShopData = (queryClient: QueryClient, username: string) =>
  settle([queryClient.ensureQueryData(creditQueryOptions(username))]);
