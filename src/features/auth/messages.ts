// Texts of spec §5 (Signup, Login, Admin change-password page) and §8, copied exactly.
export const SIGNUP_MESSAGES = {
  required: 'All fields are required',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters',
  failed: 'Signup failed',
  network: 'Failed to create account. Please try again.',
} as const;

export const LOGIN_MESSAGES = {
  required: 'Username and password are required',
  failed: 'Login failed',
  network: 'Failed to login. Please try again.',
} as const;

export const ADMIN_PASSWORD_MESSAGES = {
  heading: 'Set your secure admin password',
  required: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
  failed: 'Failed to change password',
  success: 'Password updated successfully! You can now log in with your new password.',
} as const;

/** Delay before the admin password page goes to /login after a success (spec §9 Timers). */
export const ADMIN_PASSWORD_REDIRECT_MS = 3000;
