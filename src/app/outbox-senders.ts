// What each feature posts for its queued items, handed to the shared outbox drain. Imported for its side effect, first
// thing, by the page (src/main.tsx) and by the service worker (src/sw.ts), so every drain, in either, finds them. The
// senders are small and use no DOM-only APIs; a kind left out here would wait in the outbox, never be lost.
import { sendPurchaseBody } from '../features/cart/lib/send-purchase';
import { sendSellSteps } from '../features/sell/lib/send-sell';
import { sendMessageBody } from '../lib/conversation/send-message';
import { registerOutboxSender } from '../lib/outbox/senders';

registerOutboxSender('sell', sendSellSteps);
registerOutboxSender('purchase', sendPurchaseBody);
registerOutboxSender('message', sendMessageBody);
