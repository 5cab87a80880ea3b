import { describe, expect, it } from 'vitest';
import { DENIED_MESSAGE, IOS_HOME_SCREEN_MESSAGE, pushSupport, UNSUPPORTED_MESSAGE } from './push-client';

const CHROME = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default' as const,
};
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';

describe('pushSupport', () => {
  it('when the browser has a service worker, PushManager and a permission not yet denied, then it can', () => {
    expect(pushSupport(CHROME)).toEqual({ ok: true, permission: 'default' });
  });
  it('when on an iPhone or an iPad (which says it is a Mac) in the browser, then it says to add the app to the Home Screen first', () => {
    expect(pushSupport({ ...CHROME, userAgent: IPHONE, hasPushManager: false, permission: null })).toEqual({
      ok: false,
      reason: 'ios-home-screen',
      message: IOS_HOME_SCREEN_MESSAGE,
    });
    expect(pushSupport({ ...CHROME, userAgent: IPAD_AS_MAC, hasPushManager: false, permission: null }).ok).toBe(false);
    expect(IOS_HOME_SCREEN_MESSAGE).toMatch(/Home Screen first/);
  });
  it('when the iPhone runs the app from the Home Screen, then it can; a Mac without touch is not mistaken for an iPad', () => {
    expect(pushSupport({ ...CHROME, userAgent: IPHONE, standalone: true }).ok).toBe(true);
    expect(pushSupport({ ...CHROME, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }).ok).toBe(true);
  });
  it('when there is no PushManager or the permission was denied, then it says so in one sentence', () => {
    expect(pushSupport({ ...CHROME, hasPushManager: false })).toMatchObject({
      ok: false,
      reason: 'unsupported',
      message: UNSUPPORTED_MESSAGE,
    });
    expect(pushSupport({ ...CHROME, permission: 'denied' })).toMatchObject({ ok: false, reason: 'denied', message: DENIED_MESSAGE });
  });
});
