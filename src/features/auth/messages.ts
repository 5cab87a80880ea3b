// The product's texts for signup, login and the admin change-password page, copied word for word.
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

/** Delay before the admin password page goes to /login after a success: 3 s. */
export const ADMIN_PASSWORD_REDIRECT_MS = 3000;
