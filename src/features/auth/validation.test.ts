import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LoginForm, validateLogin } from './validation';

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ username: '', password: 'x' })).toBe('Username and password are required');
    expect(validateLogin({ username: ' ', password: 'x' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: '' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: 'y' })).toBeNull();
  });

  it('when the form passes, then its output is the body sent: the trimmed name and the password as typed', () => {
    expect(z.parse(LoginForm, { username: ' player ', password: ' pw ' })).toEqual({ username: 'player', password: ' pw ' });
  });
});
