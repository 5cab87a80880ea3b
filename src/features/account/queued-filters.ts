/**
 * The filters that also show items still in the outbox. To the player a queued (or failed,
 * or waiting-for-login) send is not at the server yet, so it is 'pending' from their point of view:
 * it shows under All and Pending, and nowhere else.
 */
export const QUEUED_FILTERS: ReadonlySet<string> = new Set(['all', 'pending']);
