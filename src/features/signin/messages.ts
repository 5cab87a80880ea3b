// The texts of the second factor, passkeys and password reset (issue 29.8-10).
export const SECOND_FACTOR_MESSAGES = {
  neededTitle: "Confirm it's you",
  neededText: 'Enter the 6-digit code from your authenticator app to open Admin Control.',
  neededPasskeyText: 'Use your passkey to open Admin Control.',
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

export const PASSKEY_MESSAGES = {
  title: 'Passkeys',
  hint: 'Sign in with Face ID, a fingerprint or your screen lock instead of typing your password. Your password keeps working.',
  none: 'No passkey yet.',
  add: 'Add a passkey',
  adding: 'Waiting for your device...',
  remove: 'Remove',
  added: (date: string) => `Added ${date}`,
  unsupported: 'This browser cannot use passkeys. Your password works as before.',
  cancelled: 'No passkey was used: the request was cancelled or timed out.',
  already: 'This device already holds a passkey for this account.',
  failed: 'The passkey did not work. Please try again.',
  network: 'You are offline. Connect to use a passkey.',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey...',
  gateSetup: 'Or use a passkey on this device instead',
  gateUse: 'Use a passkey',
} as const;
