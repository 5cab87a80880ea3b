import { describe, expect, it } from 'vitest';
import { changePasswordSearch, indexSearch, myActivitySearch } from './search-params';

describe('route search parameters', () => {
  it('when /change-password has a token and a username, then both are kept as texts; anything else is dropped', () => {
    expect(changePasswordSearch.parse({ token: 'abc', username: 'admin', extra: 'x' })).toEqual({ token: 'abc', username: 'admin' });
    expect(changePasswordSearch.parse({ token: 12, username: ['a'] })).toEqual({});
    expect(changePasswordSearch.parse({})).toEqual({});
  });

  it('when /my-activity has firstTime=true, then the flag is kept; any other value is dropped', () => {
    expect(myActivitySearch.parse({ firstTime: 'true' })).toEqual({ firstTime: 'true' });
    expect(myActivitySearch.parse({ firstTime: true })).toEqual({ firstTime: true });
    expect(myActivitySearch.parse({ firstTime: 'yes' })).toEqual({});
    expect(myActivitySearch.parse({})).toEqual({});
  });

  it('when /my-activity has tab=sell or tab=buy, then the tab is kept beside the flag; any other tab is dropped', () => {
    expect(myActivitySearch.parse({ tab: 'buy' })).toEqual({ tab: 'buy' });
    expect(myActivitySearch.parse({ tab: 'sell', firstTime: 'true' })).toEqual({ tab: 'sell', firstTime: 'true' });
    expect(myActivitySearch.parse({ tab: 'contact' })).toEqual({});
  });

  it("when /my-activity has thread=N (a message notification's deal), then a positive whole number is kept; anything else is dropped", () => {
    expect(myActivitySearch.parse({ tab: 'buy', thread: 12 })).toEqual({ tab: 'buy', thread: 12 });
    for (const thread of [0, -3, 1.5, 'abc', '12'])
      expect(myActivitySearch.parse({ tab: 'sell', thread }), String(thread)).toEqual({ tab: 'sell' });
  });

  it('when / has admin=control (the app shortcut), pending, submissions or outbox, then it is kept; anything else is dropped', () => {
    expect(indexSearch.parse({ admin: 'control' })).toEqual({ admin: 'control' });
    expect(indexSearch.parse({ admin: 'pending' })).toEqual({ admin: 'pending' });
    expect(indexSearch.parse({ admin: 'outbox', x: 1 })).toEqual({ admin: 'outbox' });
    expect(indexSearch.parse({ admin: 'users' })).toEqual({});
    expect(indexSearch.parse({})).toEqual({});
  });
});
