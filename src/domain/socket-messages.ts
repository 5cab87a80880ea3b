import * as z from 'zod/mini';
import { CatalogueUpdatePayload } from './schemas/catalogue';
import { NewMessagePayload } from './schemas/conversations';
import { Proposal } from './schemas/deals';
import { ScheduledPickup } from './schemas/pickups';
import { PurchaseRequest } from './schemas/purchases';
import { UsdCents } from './schemas/money';
import { ItemSubmission, UserSellRequest } from './schemas/submissions';

/** Messages on /ws, each with a `type`, telling open screens what to refresh. The last two are ours: admins see submissions live. */
export const SocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NEW_PURCHASE_REQUEST'), payload: PurchaseRequest }),
  z.object({ type: z.literal('PURCHASE_REQUEST_STATUS_UPDATE'), payload: PurchaseRequest }),
  z.object({ type: z.literal('NEW_SCHEDULED_PICKUP'), payload: ScheduledPickup }),
  z.object({ type: z.literal('PICKUP_STATUS_UPDATE'), payload: ScheduledPickup }),
  z.object({ type: z.literal('NEW_SELL_REQUEST'), payload: UserSellRequest }),
  z.object({ type: z.literal('SELL_REQUEST_STATUS_UPDATE'), payload: UserSellRequest }),
  z.object({ type: z.literal('NEW_ITEM_SUBMISSION'), payload: ItemSubmission }),
  z.object({ type: z.literal('ITEM_SUBMISSION_STATUS_UPDATE'), payload: ItemSubmission }),
  // The player's store credit changed (a missed promise credited, credit spent, returned or reversed).
  z.object({ type: z.literal('CREDIT_UPDATE'), payload: z.object({ username: z.string(), balance: UsdCents }) }),
  // A message in a deal's conversation, to its owner and the admins only (issue 28).
  z.object({ type: z.literal('NEW_MESSAGE'), payload: NewMessagePayload }),
  // A new time proposed for a drop or a pickup, or a proposal answered (DESIGN.md §10, §13): to the owner and admins.
  z.object({ type: z.literal('PROPOSAL_UPDATE'), payload: Proposal }),
  // The catalogue changed (DESIGN.md §14): to every signed-in socket; open shops and carts read it again.
  z.object({ type: z.literal('CATALOGUE_UPDATE'), payload: CatalogueUpdatePayload }),
]);
export type SocketMessage = z.infer<typeof SocketMessage>;
/** A socket message as the server writes it (money in dollars). */
export type SocketMessageJson = z.input<typeof SocketMessage>;
export type SocketMessageType = SocketMessage['type'];

/** Close code the server uses for a connection without a valid session. */
export const SOCKET_UNAUTHORISED_CLOSE = 4401;
/** Close code when a session opened more sockets than it may hold: the oldest is closed and does not reconnect. */
export const SOCKET_TOO_MANY_CLOSE = 4409;
