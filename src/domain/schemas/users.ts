import * as z from 'zod/mini';
import { UsdCents } from './money';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from '../email';
import { LOCALES } from '../locale';

/** What Roblox allows in a username: an admin must find the player by it, and an emoji never matches one. */
export const ROBLOX_USERNAME = /^[A-Za-z0-9_]+$/;
export const ROBLOX_CHARACTERS_MESSAGE =
  'A Roblox username has only letters, numbers and underscores (_): no emoji, spaces or other signs.';

export const CONTACT_REQUIRED_MESSAGE = "You must have at least one form of contact. Please select 'Yes' for at least one option.";

/** A contact field, its message naming it: 'That value is too long' did not say which (issue 30 item 7). */
const optionalContact = (max: number, name: string) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `The ${name} is too long (at most ${max} characters)`))));

/**
 * PUT /api/marketplace/contact/{username}: any of the three; empty or null clears a field. `language` saves the
 * account's language (DESIGN.md §15); null forgets it.
 */
export const ContactBody = z
  .object({
    contactEmail: optionalContact(254, 'email address'),
    ps5Username: optionalContact(64, 'PS5 username'),
    robloxUsername: optionalContact(64, 'Roblox username'),
    language: z.optional(z.nullable(z.enum(LOCALES, 'The language must be one of en, es or pt-BR'))),
  })
  .check(
    z.refine((body) => !body.contactEmail || isEmailAddress(body.contactEmail), { message: INVALID_EMAIL_MESSAGE, path: ['contactEmail'] }),
    // The server holds the rule too: a client that skips the screen's check still cannot store an emoji name.
    z.refine((body) => !body.robloxUsername || ROBLOX_USERNAME.test(body.robloxUsername), {
      message: ROBLOX_CHARACTERS_MESSAGE,
      path: ['robloxUsername'],
    }),
  );
export type ContactBody = z.infer<typeof ContactBody>;

/** GET /api/marketplace/contacts (admins): how each player is reached, so one search finds them by Roblox or PS5 name. */
export const PlayerContact = z.object({
  username: z.string(),
  contactEmail: z.nullable(z.string()),
  ps5Username: z.nullable(z.string()),
  robloxUsername: z.nullable(z.string()),
});
export type PlayerContact = z.infer<typeof PlayerContact>;

/** A marketplace user as the super admin sees it in user management. */
export const MarketplaceUser = z.object({
  id: z.number(),
  username: z.string(),
  contactEmail: z.nullable(z.string()),
  ps5Username: z.nullable(z.string()),
  robloxUsername: z.nullable(z.string()),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
});
export type MarketplaceUser = z.infer<typeof MarketplaceUser>;

/** GET /api/admin/marketplace-users/{username}/deletion: what the delete confirmation shows before the super admin decides. */
export const DeletionPreview = z.object({
  username: z.string(),
  /** Store credit the account holds (USD); it stays with the deleted account, never passing to a later one. */
  balance: UsdCents,
  /** Purchase requests pending or approved, and submissions pending or scheduled but not yet paid. */
  openPurchaseRequests: z.number(),
  openSubmissions: z.number(),
  /** Promised drop or pickup times that end with the account. */
  openPromises: z.number(),
});
export type DeletionPreview = z.infer<typeof DeletionPreview>;
export type DeletionPreviewJson = z.input<typeof DeletionPreview>;

export const AdminStatusBody = z.object({ isAdmin: z.boolean('isAdmin must be true or false') });
export type AdminStatusBody = z.infer<typeof AdminStatusBody>;

/** GET /api/admin/stats: the super admin's system statistics. */
export const SystemStats = z.object({
  totalUsers: z.number(),
  admins: z.number(),
  purchaseRequests: z.object({ total: z.number(), pending: z.number(), approved: z.number(), rejected: z.number(), completed: z.number() }),
  submissions: z.object({ total: z.number(), pending: z.number(), rejected: z.number(), scheduled: z.number() }),
  /** Share of closed promises kept on time (kept ÷ kept + missed), or null before any. */
  promisesKeptPercent: z.nullable(z.number()),
  /** Store credit granted for missed promises, and what players hold now (USD). */
  creditsGranted: UsdCents,
  creditOutstanding: UsdCents,
});
export type SystemStats = z.infer<typeof SystemStats>;
export type SystemStatsJson = z.input<typeof SystemStats>;

/** One of the user's purchase requests, as their page lists it. */
export const UserDetailPurchase = z.object({
  id: z.number(),
  status: z.string(),
  totalPrice: UsdCents,
  totalItems: z.number(),
  /** '2 × Glock, 1 × $12,000 Cash'. */
  summary: z.string(),
  createdAt: z.string(),
  /** The drop as scheduled ('1/2/2030 4:00 PM', 'Immediately'), or null. */
  schedule: z.nullable(z.string()),
});
export type UserDetailPurchase = z.infer<typeof UserDetailPurchase>;

/** One of the items the user sold or offered: the submission and its pickup, if one was made. */
export const UserDetailSale = z.object({
  id: z.number(),
  itemName: z.string(),
  category: z.string(),
  quantity: z.number(),
  paymentMethod: z.nullable(z.string()),
  status: z.string(),
  createdAt: z.string(),
  pickup: z.nullable(
    z.object({
      id: z.number(),
      stage: z.enum(['scheduled', 'collected', 'paid']),
      schedule: z.string(),
      /** The payout in USD, or null when the item has no price yet. */
      payout: z.nullable(UsdCents),
      paidAt: z.nullable(z.string()),
    }),
  ),
});
export type UserDetailSale = z.infer<typeof UserDetailSale>;

/** GET /api/admin/marketplace-users/{username}: a user's page for the super admin (issue 33 item 7). Credit comes from the credit call. */
export const UserDetail = z.object({
  user: MarketplaceUser,
  /** When the user last signed in (ISO), or null when never since it was recorded. */
  lastSignInAt: z.nullable(z.string()),
  /** Sessions still signed in, and the last time one of them was used (ISO). */
  activeSessions: z.number(),
  lastSeenAt: z.nullable(z.string()),
  /** Newest first, at most USER_DETAIL_LIMIT of each, with the totals. */
  purchaseRequests: z.array(UserDetailPurchase),
  purchaseRequestCount: z.number(),
  sales: z.array(UserDetailSale),
  saleCount: z.number(),
});
export type UserDetail = z.infer<typeof UserDetail>;
export type UserDetailJson = z.input<typeof UserDetail>;

/** The records a user's page lists of each kind (the CSV export has them all). */
export const USER_DETAIL_LIMIT = 50;
