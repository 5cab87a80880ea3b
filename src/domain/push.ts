import * as z from 'zod/mini';

/** What a push message carries to the service worker: text to show, the screen to open, and a tag to replace by. */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path, e.g. /my-activity?tab=buy. */
  url: z.string(),
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag: z.string(),
  /** A proposed time the player can accept or decline from the notification itself (its Accept / Decline actions). */
  proposalId: z.optional(z.number()),
  /** The notification's buttons (a proposal's Accept and Decline), titled in the recipient's language. */
  actions: z.optional(z.array(z.object({ action: z.enum(['accept', 'decline']), title: z.string() }))),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** The largest payload the server sends (push services accept about 4 KB once encrypted). */
export const MAX_PUSH_PAYLOAD_BYTES = 3 * 1024;

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ message: 'endpoint must be the push service URL' }).check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string('keys.p256dh is required').check(z.regex(/^[A-Za-z0-9_-]{80,100}=*$/, 'keys.p256dh is not a P-256 public key')),
    auth: z.string('keys.auth is required').check(z.regex(/^[A-Za-z0-9_-]{16,32}=*$/, 'keys.auth is not an auth secret')),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeBody = z.object({
  endpoint: z.string('endpoint is required').check(z.minLength(1, 'endpoint is required'), z.maxLength(2048)),
});
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;
