// What the page's background start installs (src/main.tsx): the features' outbox senders and their list refreshes,
// as one module so the first screen carries one dynamic import for them, not two. The service worker imports the
// senders alone (./outbox-senders).
export { OUTBOX_SENDERS } from './outbox-senders';
export { LIST_REFRESHES } from './list-refreshes';
