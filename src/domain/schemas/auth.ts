import * as z from 'zod/mini';
import { LOCALES } from '../locale';

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

/** The change-password call's message for a short password (the admin password page shows the same words). */
export const CHANGE_PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';

/** A new password: PASSWORD_MIN to PASSWORD_MAX characters; `tooShort` is the words of the screen or call that asks. */
export const newPassword = (tooShort: string) =>
  z.string('Password is required').check(z.minLength(PASSWORD_MIN, tooShort), z.maxLength(PASSWORD_MAX, 'Password is too long'));

export const SignupBody = z.object({
  username: Username,
  password: newPassword(SIGNUP_PASSWORD_TOO_SHORT),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  username: z.string('Username and password are required').check(z.minLength(1, 'Username and password are required'), z.maxLength(64)),
  password: z
    .string('Username and password are required')
    .check(z.minLength(1, 'Username and password are required'), z.maxLength(PASSWORD_MAX)),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** A user as signup, login and /me answer the signed-in one, and GET /api/marketplace/contact/{username} any. */
export const SessionUser = z.object({
  username: z.string(),
  contactEmail: z.nullable(z.string()),
  ps5Username: z.nullable(z.string()),
  robloxUsername: z.nullable(z.string()),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** The account's saved language, null when never chosen (the app then follows the device); only the contact call answers it. */
  language: z.optional(z.nullable(z.enum(LOCALES))),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** PUT /api/marketplace/change-password/{username}: newPassword plus currentPassword or a one-time token. */
export const ChangePasswordBody = z.object({
  newPassword: newPassword(CHANGE_PASSWORD_TOO_SHORT),
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
  token: z.optional(z.string().check(z.maxLength(200))),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

// The password forms, built from the bodies above so a form and the server check a password the same way. Each form
// checks in stages and shows the first problem only, in the order players have always seen them: every field filled,
// then the two passwords match, then the length (in the form's own words), then the rest of the call's body (the
// username rule, the longest password). A form's output is the body it sends.

/** What a password form says when a field is empty, the two passwords differ, or the new one is too short. */
export interface PasswordFormTexts {
  required: string;
  mismatch: string;
  tooShort: string;
}

/** The words of each password form, exactly as its screen has always shown them. */
export const PASSWORD_FORM_TEXTS = {
  signup: { required: 'All fields are required', mismatch: 'Passwords do not match', tooShort: SIGNUP_PASSWORD_TOO_SHORT },
  /** The /change-password page (an admin's first password, or a one-time link handed over by the super admin). */
  changePassword: { required: 'Please fill in all fields', mismatch: 'Passwords do not match', tooShort: CHANGE_PASSWORD_TOO_SHORT },
  /** My Account's Reset Password dialog (current password, new, confirm). */
  accountPassword: {
    required: 'Please fill in all fields',
    mismatch: 'New passwords do not match',
    tooShort: 'New password must be at least 8 characters long',
  },
  /** The mailed one-time link's page (/reset-password). */
  resetLink: { required: 'Please fill in all fields', mismatch: 'Passwords do not match', tooShort: SIGNUP_PASSWORD_TOO_SHORT },
} as const satisfies Record<string, PasswordFormTexts>;

/** A field that must not be empty (after trimming, with `trim`). */
const filled = (required: string, trim = false) =>
  trim ? z.string(required).check(z.trim(), z.minLength(1, required)) : z.string(required).check(z.minLength(1, required));

/** The new password (`field`) and its confirmation are the same. */
const matching = (texts: PasswordFormTexts, field: string) =>
  z
    .looseObject({ [field]: z.string(), confirmPassword: z.string() })
    .check(z.refine((form) => form[field] === form.confirmPassword, { message: texts.mismatch, path: ['confirmPassword'] }));

/** The new password (`field`) is long enough, in the form's words. */
const longEnough = (texts: PasswordFormTexts, field: string) => z.looseObject({ [field]: newPassword(texts.tooShort) });

/** Checks the stages one after another: the first that finds a problem stops the rest; the last one's output is the result. */
function inStages<Out>(stages: z.ZodMiniType[], last: z.ZodMiniType<Out>): z.ZodMiniType<Out, unknown> {
  return stages.reduceRight<z.ZodMiniType>((rest, stage) => z.pipe(stage, rest as z.ZodMiniType<unknown, unknown>), last) as z.ZodMiniType<
    Out,
    unknown
  >;
}

/** Sign-up: username, password, confirmPassword → SignupBody. */
export const SignupForm = inStages(
  [
    z.looseObject({
      username: filled(PASSWORD_FORM_TEXTS.signup.required, true),
      password: filled(PASSWORD_FORM_TEXTS.signup.required),
      confirmPassword: filled(PASSWORD_FORM_TEXTS.signup.required),
    }),
    matching(PASSWORD_FORM_TEXTS.signup, 'password'),
    longEnough(PASSWORD_FORM_TEXTS.signup, 'password'),
  ],
  SignupBody,
);

/**
 * The change-password forms (newPassword, confirmPassword, and currentPassword when the form asks for it — undefined
 * when a one-time token stands in for it) → ChangePasswordBody. `extra` adds the form's other required fields.
 */
const changePasswordForm = (texts: PasswordFormTexts, extra: Record<string, z.ZodMiniType> = {}) =>
  inStages(
    [
      z.looseObject({
        ...extra,
        currentPassword: z.optional(filled(texts.required)),
        newPassword: filled(texts.required),
        confirmPassword: filled(texts.required),
      }),
      matching(texts, 'newPassword'),
      longEnough(texts, 'newPassword'),
    ],
    ChangePasswordBody,
  );

/** The /change-password page: username, current password (unless a token stands in), new, confirm. */
export const ChangePasswordForm = changePasswordForm(PASSWORD_FORM_TEXTS.changePassword, {
  username: filled(PASSWORD_FORM_TEXTS.changePassword.required, true),
});

/** My Account's Reset Password dialog: current, new, confirm. */
export const AccountPasswordForm = changePasswordForm(PASSWORD_FORM_TEXTS.accountPassword);

/** The one-time link's page: new and confirm (the token goes into the body the page sends). */
export const ResetLinkForm = changePasswordForm(PASSWORD_FORM_TEXTS.resetLink);

/** The first problem a form schema finds in `input`, in its words; null when there is none. */
export function formProblem(schema: z.ZodMiniType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
