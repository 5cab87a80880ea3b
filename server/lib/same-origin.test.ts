import { describe, expect, it } from 'vitest';
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
