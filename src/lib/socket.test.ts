import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A WebSocket stand-in the test opens and closes by hand. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  drop(code = 1012) {
    const event = Object.assign(new Event('close'), { code, reason: '' });
    this.dispatchEvent(event);
  }
  close() {
    this.drop(1000);
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:3000' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live socket', () => {
  it('when the socket is lost and comes back, then the reopen listeners are told once, and not at the first open', async () => {
    const { subscribeSocket, onSocketReopen, SOCKET_RECONNECT_MS } = await import('./socket');
    const reopened = vi.fn();
    onSocketReopen(reopened);
    const stop = subscribeSocket(() => {});
    FakeSocket.all[0].open();
    expect(reopened).not.toHaveBeenCalled();

    FakeSocket.all[0].drop(1012);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(reopened).not.toHaveBeenCalled();
    FakeSocket.all[1].open();
    expect(reopened).toHaveBeenCalledTimes(1);
    stop();
  });

  it('when the last listener leaves and a new one subscribes, then the old socket closing neither reconnects nor counts as lost', async () => {
    const { subscribeSocket, onSocketReopen, SOCKET_RECONNECT_MS } = await import('./socket');
    const reopened = vi.fn();
    onSocketReopen(reopened);
    subscribeSocket(() => {})();
    const stop = subscribeSocket(() => {});
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(2);
    expect(reopened).not.toHaveBeenCalled();
    stop();
  });
});
