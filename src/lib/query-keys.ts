/**
 * Query keys of the lists one feature shows and another changes: the shop and sell screens invalidate the account's
 * lists by key after a request is sent, without importing the account feature (STYLE.md: no cross-feature imports).
 */
export const queryKeys = {
  userPurchaseRequests: (username: string) => ['/api/user-purchase-requests', username] as const,
  userSellRequests: (username: string) => ['/api/user-sell-requests', username] as const,
  scheduledPickups: () => ['/api/scheduled-pickups'] as const,
  credit: (username: string) => ['/api/marketplace/credit', username] as const,
};
