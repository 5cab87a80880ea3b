import { describe, expect, it } from 'vitest';
import { readCookie } from '../modules/auth/session-cookie';
import { isSameOrigin } from './same-origin';

describe('isSameOrigin', () => {
  it.each([
    [undefined, 'localhost:3000', undefined, true],
    ['http://localhost:3000', 'localhost:3000', undefined, true],
    ['http://localhost:3001', 'localhost:3000', undefined, false],
    ['https://evil.example', 'localhost:3000', undefined, false],
    ['null', 'localhost:3000', undefined, false],
    ['https://market.example', 'internal:3000', 'https://market.example/', true],
  ])('when Origin is %s and Host %s (public %s), then %s', (origin, host, publicOrigin, expected) => {
    expect(isSameOrigin(origin, host, publicOrigin)).toBe(expected);
  });
});

describe('readCookie', () => {
  it('when several cookies are sent, then it reads the named one', () => {
    expect(readCookie('a=1; bm_session=tok%2Den; b=2', 'bm_session')).toBe('tok-en');
    expect(readCookie('a=1', 'bm_session')).toBeUndefined();
    expect(readCookie('bm_session=%E0%A4%A', 'bm_session')).toBeUndefined();
  });
});
