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
  lastUsed: (date: string | null) => (date ? `last used ${date}` : 'not used to sign in yet'),
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

// Issue 52.5: every admin may add an authenticator app from Account, and gets one-time recovery codes with it.
export const RECOVERY_MESSAGES = {
  title: 'Save your recovery codes',
  text: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download codes',
  done: 'I saved them',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the authenticator app instead',
  recoveryLabel: 'Recovery code',
  fileName: 'blockspin-market-recovery-codes.txt',
} as const;

export const AUTHENTICATOR_MESSAGES = {
  title: 'Authenticator app',
  hint: 'Confirm it is you with a 6-digit code from an app on your phone when you open Admin Control.',
  on: 'An authenticator app is set up for this account.',
  setUp: 'Set up an authenticator app',
  cancel: 'Cancel',
} as const;
