import { describe, expect, it } from 'vitest';
import { validateAdminPassword, validateLogin, validateSignup } from './validation';

describe('validateSignup', () => {
  it('checks required, match, length 8, then the username rule', () => {
    expect(validateSignup({ username: ' ', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe('All fields are required');
    expect(validateSignup({ username: 'abc', password: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe('Passwords do not match');
    expect(validateSignup({ username: 'abc', password: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateSignup({ username: 'a b', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      'Username may only contain letters, digits, _, . and -',
    );
    expect(validateSignup({ username: 'abc', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
});

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ username: '', password: 'x' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: '' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: 'y' })).toBeNull();
  });
});

describe('validateAdminPassword', () => {
  it('checks required (and the current password when asked), match, then length 8', () => {
    expect(validateAdminPassword({ username: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe('Please fill in all fields');
    expect(validateAdminPassword({ username: 'a', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh', currentPassword: '' })).toBe(
      'Please fill in all fields',
    );
    expect(validateAdminPassword({ username: 'a', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe('Passwords do not match');
    expect(validateAdminPassword({ username: 'a', newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(validateAdminPassword({ username: 'a', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
});
