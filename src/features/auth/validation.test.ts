import { describe, expect, it } from 'vitest';
import { validateLogin } from './validation';

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ username: '', password: 'x' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: '' })).toBe('Username and password are required');
    expect(validateLogin({ username: 'x', password: 'y' })).toBeNull();
  });
});
