import * as z from 'zod/mini';

/**
 * Where the signed-in session stands with the admins' second factor (issue 29.9): 'none' (not an admin, or
 * ADMIN_SECOND_FACTOR=optional), 'passed' (a TOTP code or a passkey was given), 'needed' (the admin has one: give it),
 * 'setup' (the admin has none: set one up before Admin Control opens).
 */
export const SecondFactorState = z.enum(['none', 'passed', 'needed', 'setup']);
export type SecondFactorState = z.infer<typeof SecondFactorState>;

/** GET /api/marketplace/second-factor */
export const SecondFactorStatus = z.object({
  state: SecondFactorState,
  /** An authenticator app is set up (TOTP). */
  totp: z.boolean(),
  /** How many passkeys the account has. */
  passkeys: z.number(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

/**
 * GET and DELETE /api/admin/marketplace-users/{username}/second-factor: what a user has set up, as the super admin sees
 * it (DELETE answers what is left: nothing).
 */
export const SecondFactorSummary = z.object({ totp: z.boolean(), passkeys: z.number() });
export type SecondFactorSummary = z.infer<typeof SecondFactorSummary>;

/** A 6-digit code from an authenticator app (spaces allowed, as apps show '123 456'). */
export const TotpCodeBody = z.object({
  code: z.string('Enter the 6-digit code').check(z.trim(), z.regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your authenticator app')),
});
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;

/** A recovery code as handed out: 10 letters and digits, 'abcde-fghjk' (the dash and spaces optional, any case). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}[- ]?[a-z0-9]{5}$/i;

/**
 * POST /api/marketplace/second-factor/totp: the second step of a sign-in, a 6-digit code or, when the phone is lost,
 * one of the recovery codes (each works once; issue 52.5).
 */
export const SecondFactorCodeBody = z.object({
  code: z.string('Enter the 6-digit code').check(
    z.trim(),
    z.refine(
      (code) => /^\d{3} ?\d{3}$/.test(code) || RECOVERY_CODE_PATTERN.test(code),
      'Enter the 6-digit code from your authenticator app, or a recovery code',
    ),
  ),
});
export type SecondFactorCodeBody = z.infer<typeof SecondFactorCodeBody>;

/** POST /api/marketplace/second-factor/totp/confirm: the new state, and the recovery codes, shown this once. */
export const TotpConfirmed = z.object({
  state: SecondFactorState,
  totp: z.boolean(),
  passkeys: z.number(),
  /** One-time codes that stand in for an authenticator code; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TotpConfirmed = z.infer<typeof TotpConfirmed>;

/** POST /api/marketplace/second-factor/totp/setup: the secret to scan (QR) or type, until confirmed with a code. */
export const TotpSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth:// URI as a PNG data URL. */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

/** One of the account's passkeys, as Account lists them. */
export const PasskeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfo>;

/** The browser's answer to a WebAuthn ceremony (@simplewebauthn/browser's JSON), checked in depth by the server. */
const CeremonyResponse = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1500)),
  rawId: z.string().check(z.maxLength(1500)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(10_000)) }),
});

export const PasskeyRegisterBody = z.object({
  response: CeremonyResponse,
  name: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});
export type PasskeyRegisterBody = z.infer<typeof PasskeyRegisterBody>;

export const PasskeyLoginBody = z.object({ response: CeremonyResponse });
export type PasskeyLoginBody = z.infer<typeof PasskeyLoginBody>;

/** POST /api/marketplace/forgot-password */
export const ForgotPasswordBody = z.object({
  username: z.string('Enter your username').check(z.trim(), z.minLength(1, 'Enter your username'), z.maxLength(64)),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** POST /api/marketplace/verify-email: the token of the mailed link. */
export const VerifyEmailBody = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** GET /api/marketplace/email-status: the contact email, whether it is verified, and whether this server sends mail. */
export const EmailStatus = z.object({ email: z.nullable(z.string()), verified: z.boolean(), mail: z.boolean() });
export type EmailStatus = z.infer<typeof EmailStatus>;

/** POST /api/admin/marketplace-users/{username}/reset-link: the path of a one-time reset link (the app adds its origin). */
export const ResetLink = z.object({ username: z.string(), path: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof ResetLink>;
