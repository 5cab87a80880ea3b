// Offline for real (see offline.test.ts): when no page of the app is open, Background Sync wakes the service worker,
// which sends the queued item itself. The steps are in tests/e2e/offline-steps.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { patient } from '../support/patience';
import {
  firstVisit,
  goOffline,
  journey,
  QUEUED_TOAST,
  sellThroughScreen,
  serverRecords,
  useOfflineJourney,
  waitForOutbox,
} from './offline-steps';

useOfflineJourney();
beforeAll(firstVisit);

describe('offline after the first visit', () => {
  it('when no page of the app is open, then Background Sync wakes the worker, which sends the queued item itself (same lock, same drain)', async () => {
    const { page, context, gate } = journey;
    await goOffline();
    await sellThroughScreen([
      ['Category', 'Weapons & Ammo'],
      ['Type of weapon', 'Guns'],
      ['Kind of gun', 'Special'],
      ['Item', 'RPG'],
    ]);
    await page.getByText(QUEUED_TOAST).waitFor();
    await waitForOutbox((items) => items.length === 1);
    // The page asked for a wake-up call.
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.ready.then((r) => (r as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags()),
      ),
    ).toContain('outbox-drain');
    const registration = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));

    // Close the app: only the worker is left to send it.
    await page.close();
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      for (const r of event.registrations) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(registration)).toBeTruthy();
    // Counted from before the network returns: the browser may fire the sync itself as soon as it is back.
    const before = gate.log.length;
    gate.up();
    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: gate.url,
      registrationId: registrations.get(registration)!,
      tag: 'outbox-drain',
      lastChance: false,
    });
    await expect
      .poll(async () => (await serverRecords()).sellRequests.map((r) => r.itemName).sort(), { timeout: patient(30_000) })
      .toEqual(['RPG']);
    // The worker checked the session, then sent the submission and the sell request, once each.
    const sent = gate.log.slice(before);
    expect(sent[0], sent.join(', ')).toBe('GET /api/marketplace/me');
    expect(
      sent.filter((l) => l.startsWith('POST')),
      sent.join(', '),
    ).toEqual(['POST /api/item-submissions', 'POST /api/user-sell-requests']);
    expect((await serverRecords()).submissions.filter((s) => s.ps5Name === 'RPG')).toHaveLength(1);
    await cdp.detach();
    journey.page = blank;
    await blank.goto('/');
    // The worker removes the item once it has read the answer: on a loaded machine that can come after the server
    // already holds the record (a busy-machine run found it still 'sending' here).
    await waitForOutbox((items) => items.length === 0);
  });
});
