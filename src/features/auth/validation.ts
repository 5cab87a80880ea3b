import * as z from 'zod/mini';
import { formProblem, LoginBody } from '@/domain/schemas/auth';
import { LOGIN_MESSAGES } from './messages';

// The password forms (sign-up, change password, reset password) are checked by the schemas in
// src/domain/schemas/auth.ts (SignupForm, ChangePasswordForm, ResetLinkForm) that build on the bodies the server checks.

/** The login form: both fields filled (the name trimmed), then the body the server checks → LoginBody. */
export const LoginForm = z.pipe(
  z.looseObject({
    username: z.string(LOGIN_MESSAGES.required).check(z.trim(), z.minLength(1, LOGIN_MESSAGES.required)),
    password: z.string(LOGIN_MESSAGES.required).check(z.minLength(1, LOGIN_MESSAGES.required)),
  }),
  LoginBody,
);

/** The problem with a login form, or null: both fields are required. */
export function validateLogin(input: { username: string; password: string }): string | null {
  return formProblem(LoginForm, input);
}
