/** The sell screen's toasts, in English: the toaster says them in the language shown. */
export const SELL_MESSAGES = {
  imageError: 'Error processing image. Please try again.',
  notAPhoto: 'That file is not a photo. Please choose a photo of your item (JPEG, PNG or WebP).',
  success: 'Item submitted successfully! Admins will review your submission.',
  failed: 'Failed to submit item. Please try again.',
  refused: 'Failed to submit item',
  networkError: 'Error submitting item. Please try again.',
  queued:
    "Your item couldn't be sent right now, so it was saved on this device. It will be submitted automatically when you're back online.",
  loginNeeded: 'Please log in to submit an item',
} as const;
