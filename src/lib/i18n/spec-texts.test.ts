// English is the specification's words (DESIGN.md §15, issue 50): the quoted texts of the specification
// (../shared/spec/marketplace-spec.md) that the screens moved to the catalogues show, each found word for word in the
// English catalogue. The admin screens are not moved yet: their texts are not listed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const english = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/en/player.json'), 'utf8')) as Record<
  string,
  string
>;

/** The specification's quoted texts of the landing, sign-up, login, home, shop, cart, account, sell and password screens. */
const SPEC_TEXTS = [
  // Landing and home (spec lines 7–8, 21).
  'Sign Up',
  'Login',
  'Buy',
  'Sell',
  'Trade',
  'Account',
  'Logout',
  'Coming Soon!',
  'Are you sure you want to log out?',
  'Confirm Logout',
  // Sign up, login and the password pages (35, 372, 454–456).
  'Set your secure admin password',
  'Go to Login',
  'Back to Home',
  'Username and password are required',
  'Please fill in all fields',
  'Passwords do not match',
  'Password must be at least 8 characters long',
  'New password must be at least 8 characters long',
  'New passwords do not match',
  'All fields are required',
  'Current password is incorrect',
  'Failed to change password',
  'Password updated successfully!',
  'Failed to update password',
  'Password updated successfully! You can now log in with your new password.',
  'Login failed',
  'Failed to login. Please try again.',
  'Signup failed',
  'Failed to create account. Please try again.',
  // Account: contact, lists and cards (91, 301, 362–363, 450–451, 458).
  "You must have at least one form of contact. Please select 'Yes' for at least one option.",
  'Failed to save contact information',
  'Failed to save contact information. Please try again.',
  'Contact information updated successfully!',
  'Contact information saved! Taking you to the marketplace...',
  'User session expired. Please log in again.',
  'Your Item Submissions',
  'Request Denied',
  'Your item submission was not approved',
  'Contact support if you need assistance',
  'Awaiting Payment',
  'Transaction Complete',
  'Your item has been approved and will be scheduled for pickup',
  'Receiving payment',
  'Error loading items',
  'No items found',
  'No purchase requests found.',
  'No sell requests found',
  'Loading purchase requests...',
  'No Image',
  'Network error. Please try again.',
  'Try Again',
  // Sell (70 and the sell messages).
  'Sell an Item',
  'Selected:',
  'Submit My Item',
  'Submitting...',
  'Submission Incomplete',
  'Missing Information:',
  'Please complete all required fields before submitting your item.',
  'Item submitted successfully! Admins will review your submission.',
  'Error processing image. Please try again.',
  'Error submitting item. Please try again.',
  'Failed to submit item. Please try again.',
  'Price TBD',
  // The missing information the Submission Incomplete dialog lists (345–349).
  'Photo/Image of the item',
  'Item selection from category',
  'Valid quantity (must be 1 or more)',
  'Payment method selection (USD or Blockspin)',
  'Valid cash amount (must be greater than 0)',
  // The notification region's label (522).
  'Notification',
  // Home's store preview, the shop and the cart (9, 49–66, 146, 330–331, 457): quoted texts, and the names the
  // specification gives sections, buttons and cart categories.
  'Store Preview',
  'Shop All Categories',
  'Cash',
  'Weapons & Ammo',
  'Farming',
  'Equipment & Consumables',
  'Hacking',
  'tap again to add to your cart!',
  'How many would you like?',
  'Cancel',
  'Add to Cart',
  'Items Added for Purchase',
  'No items in your purchase list',
  'Are you sure you want to remove {item} from your cart?',
  'Remove',
  'Confirm Purchase Request',
  'Purchase Request Sent!',
  'Got it!',
  'Request Failed',
  'Custom Cash',
  'Weapons',
  'Ammo',
  'Equipment',
  'Other',
  'Please enter at least $500',
  'Please log in to make a purchase request',
  'Failed to send purchase request. Please try again.',
  // Sell's weapon kinds (76).
  'Guns',
  'Melees',
];

it('every quoted text of the specification that the moved screens show is in the English catalogue, word for word', () => {
  expect(SPEC_TEXTS.filter((text) => english[text] !== text)).toEqual([]);
});

it('the contact form’s texts for an empty chosen option read as the specification, in one and in several', () => {
  const message = Object.keys(english).find((id) => id.startsWith('{count, plural, one {Please enter your {names}'));
  expect(message).toContain('one {Please enter your {names} or select "No" for that option.}');
  expect(message).toContain('other {Please enter your {names} or select "No" for those options.}');
});
