import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from './sw-messages';

const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('the service worker navigation fallback', () => {
  it('when a probe or the metrics are opened, then the app shell never answers them (issue 51)', () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/readyz/']) expect(denied(path)).toBe(true);
  });

  it('when an app route is opened, then the app shell answers it offline', () => {
    for (const path of ['/', '/buy', '/my-activity', '/metrics-dashboard', '/healthz-guide']) expect(denied(path)).toBe(false);
  });
});
