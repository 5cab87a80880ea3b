import { describe, expect, it } from 'vitest';
import { changePasswordSearch, indexSearch, myActivitySearch } from './search-params';

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

  it('when /my-activity has tab=sell or tab=buy, then the tab is kept beside the flag; any other tab is dropped', () => {
    expect(myActivitySearch({ tab: 'buy' })).toEqual({ tab: 'buy' });
    expect(myActivitySearch({ tab: 'sell', firstTime: 'true' })).toEqual({ tab: 'sell', firstTime: 'true' });
    expect(myActivitySearch({ tab: 'contact' })).toEqual({});
  });

  it('when / has admin=pending, submissions or outbox, then the list is kept; anything else is dropped', () => {
    expect(indexSearch({ admin: 'pending' })).toEqual({ admin: 'pending' });
    expect(indexSearch({ admin: 'outbox', x: 1 })).toEqual({ admin: 'outbox' });
    expect(indexSearch({ admin: 'users' })).toEqual({});
    expect(indexSearch({})).toEqual({});
  });
});
