import * as z from 'zod/mini';

/** Usernames: 3–32 letters, digits, '_', '.', '-' (unique regardless of case, checked by the server). */
export const Username = z
  .string('Username is required')
  .check(
    z.trim(),
    z.minLength(3, 'Username must be 3 to 32 characters'),
    z.maxLength(32, 'Username must be 3 to 32 characters'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, digits, _, . and -'),
  );

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** Signup's message for a short password (issue 29: 8 like every other password rule, not the specification's 6). */
export const SIGNUP_PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';

export const SignupBody = z.object({
  username: Username,
  password: z
    .string('Password is required')
    .check(z.minLength(PASSWORD_MIN, SIGNUP_PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX, 'Password is too long')),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  username: z.string('Username and password are required').check(z.minLength(1, 'Username and password are required'), z.maxLength(64)),
  password: z
    .string('Username and password are required')
    .check(z.minLength(1, 'Username and password are required'), z.maxLength(PASSWORD_MAX)),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in user as signup, login and /me answer it. */
export const SessionUser = z.object({
  username: z.string(),
  contactEmail: z.nullable(z.string()),
  ps5Username: z.nullable(z.string()),
  robloxUsername: z.nullable(z.string()),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** PUT /api/marketplace/change-password/{username}: newPassword plus currentPassword or a one-time token. */
export const ChangePasswordBody = z.object({
  newPassword: z
    .string('Password is required')
    .check(z.minLength(PASSWORD_MIN, 'Password must be at least 8 characters long'), z.maxLength(PASSWORD_MAX, 'Password is too long')),
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
  token: z.optional(z.string().check(z.maxLength(200))),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
