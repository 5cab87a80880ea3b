import { describe, expect, it } from 'vitest';
import { readCookie } from './session-cookie';

describe('readCookie', () => {
  it('when several cookies are sent, then it reads the named one', () => {
    expect(readCookie('a=1; bm_session=tok%2Den; b=2', 'bm_session')).toBe('tok-en');
    expect(readCookie('a=1', 'bm_session')).toBeUndefined();
    expect(readCookie('bm_session=%E0%A4%A', 'bm_session')).toBeUndefined();
  });
});
