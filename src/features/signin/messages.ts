// The texts of the second factor, passkeys and password reset (issue 29.8-10).
export const SECOND_FACTOR_MESSAGES = {
  neededTitle: "Confirm it's you",
  neededText: 'Enter the 6-digit code from your authenticator app to open Admin Control.',
  setupTitle: 'Protect Admin Control',
  setupText:
    'Admins sign in with a second step. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.',
  cantScan: "Can't scan? Enter this key in the app:",
  codeLabel: '6-digit code',
  confirm: 'Confirm',
  verify: 'Continue',
  checking: 'Checking...',
  failed: 'That did not work. Please try again.',
  network: 'You are offline. Connect to confirm it is you.',
  orPasskey: 'or',
} as const;
