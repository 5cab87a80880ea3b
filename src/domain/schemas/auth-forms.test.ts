import { describe, expect, it } from 'vitest';
import { AccountPasswordForm, ChangePasswordBody, ChangePasswordForm, formProblem, ResetLinkForm, SignupBody, SignupForm } from './auth';

// The words each password form has always shown (the screens' tests check them too); the forms are now checked by
// the schemas the server builds its bodies from.
describe('SignupForm', () => {
  it('when checked, then required, match, length 8, then the username rule, each in the sign-up words', () => {
    expect(formProblem(SignupForm, { username: ' ', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe('All fields are required');
    expect(formProblem(SignupForm, { username: 'abc', password: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe('Passwords do not match');
    expect(formProblem(SignupForm, { username: 'a b', password: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(formProblem(SignupForm, { username: 'a b', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      'Username may only contain letters, digits, _, . and -',
    );
    expect(formProblem(SignupForm, { username: 'abc', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });

  it('when the form is good, then its output is the body the server accepts: the trimmed name and the password', () => {
    const body = SignupForm.parse({ username: ' player.one ', password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(body).toEqual({ username: 'player.one', password: 'abcdefgh' });
    expect(SignupBody.safeParse(body).success).toBe(true);
  });

  it('when the password is longer than the server takes, then the form says so before sending', () => {
    const long = 'x'.repeat(201);
    expect(formProblem(SignupForm, { username: 'abc', password: long, confirmPassword: long })).toBe('Password is too long');
  });
});

describe('ChangePasswordForm (the /change-password page)', () => {
  it('when checked, then required (the current password only when asked), match, then length 8', () => {
    const form = { username: 'a', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(formProblem(ChangePasswordForm, { ...form, username: '' })).toBe('Please fill in all fields');
    expect(formProblem(ChangePasswordForm, { ...form, currentPassword: '' })).toBe('Please fill in all fields');
    expect(formProblem(ChangePasswordForm, { ...form, confirmPassword: 'abcdefgX' })).toBe('Passwords do not match');
    expect(formProblem(ChangePasswordForm, { ...form, newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(formProblem(ChangePasswordForm, form)).toBeNull();
    expect(ChangePasswordBody.safeParse(ChangePasswordForm.parse({ ...form, currentPassword: 'old' })).success).toBe(true);
  });
});

describe("AccountPasswordForm (My Account's Reset Password)", () => {
  it('when checked, then required, match, then length 8, in the dialog words', () => {
    expect(formProblem(AccountPasswordForm, { currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      'Please fill in all fields',
    );
    expect(formProblem(AccountPasswordForm, { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe(
      'New passwords do not match',
    );
    expect(formProblem(AccountPasswordForm, { currentPassword: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'New password must be at least 8 characters long',
    );
    expect(formProblem(AccountPasswordForm, { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
});

describe("ResetLinkForm (the one-time link's page)", () => {
  it('when checked, then required, match, then length 8, in the page words', () => {
    expect(formProblem(ResetLinkForm, { newPassword: '', confirmPassword: 'abcdefgh' })).toBe('Please fill in all fields');
    expect(formProblem(ResetLinkForm, { newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe('Passwords do not match');
    expect(formProblem(ResetLinkForm, { newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(formProblem(ResetLinkForm, { newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
});
