// The product's texts for the account screen, copied word for word.
import { PASSWORD_FORM_TEXTS } from '@/domain/schemas/auth';
import { CONTACT_REQUIRED_MESSAGE, ROBLOX_CHARACTERS_MESSAGE } from '@/domain/schemas/users';

export const CONTACT_MESSAGES = {
  required: CONTACT_REQUIRED_MESSAGE,
  sessionExpired: 'User session expired. Please log in again.',
  failed: 'Failed to save contact information',
  network: 'Failed to save contact information. Please try again.',
  updated: 'Contact information updated successfully!',
  firstTimeSaved: 'Contact information saved! Taking you to the marketplace...',
  // Not the product's words: it took any text, emoji included (issue 52.5).
  robloxCharacters: ROBLOX_CHARACTERS_MESSAGE,
} as const;

export const PASSWORD_RESET_MESSAGES = {
  // The form's checks and their words live with the schema the server checks too.
  ...PASSWORD_FORM_TEXTS.accountPassword,
  wrongCurrent: 'Current password is incorrect',
  success: 'Password updated successfully!',
  failed: 'Failed to update password',
  network: 'Network error. Please try again.',
} as const;

export const LIST_MESSAGES = {
  itemsError: 'Error loading items',
  noItems: 'No items found',
  noPurchases: 'No purchase requests found.',
  noFilteredPurchases: (filter: string) => `No ${filter} purchase requests found.`,
  noSellRequests: 'No sell requests found',
} as const;

export const SELL_STATUS_TEXTS = {
  awaitingPayment: 'Awaiting Payment',
  complete: 'Transaction Complete',
  denied: 'Request Denied',
  notApproved: 'Your item submission was not approved',
  support: 'Contact support if you need assistance',
  approved: 'Your item has been approved and will be scheduled for pickup',
} as const;

/** Timers: the contact error banner hides after 4 s, a saved form closes after 1.5 s, first-time setup redirects after 2 s. */
export const CONTACT_ERROR_HIDE_MS = 4000;
export const CONTACT_CLOSE_MS = 1500;
export const FIRST_TIME_REDIRECT_MS = 2000;
export const PASSWORD_CLOSE_MS = 2000;
