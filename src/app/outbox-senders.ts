// What each feature posts for its queued items, as one table the app hands to the shared outbox drain: the page
// (src/lib/background-start.ts, from src/main.tsx) and the service worker (src/sw.ts) install it before their first
// drain. The senders are small and use no DOM-only APIs; a kind left out here would wait in the outbox, never be lost.
import { sendPurchaseBody } from '../features/cart/lib/send-purchase';
import { sendSellSteps } from '../features/sell/lib/send-sell';
import { sendMessageBody } from '../lib/conversation/send-message';
import type { OutboxSenders } from '../lib/outbox/senders';

/** The sender of every kind the outbox keeps (admin actions have their own path in the drain). */
export const OUTBOX_SENDERS: Required<OutboxSenders> = {
  sell: sendSellSteps,
  purchase: sendPurchaseBody,
  message: sendMessageBody,
};
