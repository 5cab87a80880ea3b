import { describe, expect, it } from 'vitest';
import { changePasswordSearch, myActivitySearch } from './search-params';

describe('route search parameters', () => {
  it('when /change-password has a token and a username, then both are kept as texts; anything else is dropped', () => {
    expect(changePasswordSearch({ token: 'abc', username: 'admin', extra: 'x' })).toEqual({ token: 'abc', username: 'admin' });
    expect(changePasswordSearch({ token: 12, username: ['a'] })).toEqual({});
    expect(changePasswordSearch({})).toEqual({});
  });

  it('when /my-activity has firstTime=true, then the flag is kept; any other value is dropped', () => {
    expect(myActivitySearch({ firstTime: 'true' })).toEqual({ firstTime: 'true' });
    expect(myActivitySearch({ firstTime: true })).toEqual({ firstTime: true });
    expect(myActivitySearch({ firstTime: 'yes' })).toEqual({});
    expect(myActivitySearch({})).toEqual({});
  });
});
