// Issue 28 in the browser: a proposed time accepted from the notification (ServiceWorker.deliverPushMessage, then
// Accept pressed in the worker), and the proposal at the top of Account at 390×844 and 1024×768.
import { describe, expect, it } from 'vitest';
import { noticesFor } from '../../server/modules/push/payloads';
import { type Proposal } from '../../src/domain/schemas/deals';
import { launchBrowser, PHONE, TABLET } from '../support/browser';
import { newPlayer, screenshotViewport } from '../support/player';
import { waitForServiceWorker } from './pwa-helpers';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';
import { useDealsWorld } from './deals-world';

const { world, purchaseFor, requestNow } = useDealsWorld();

describe('a proposed time', () => {
  it('when an admin proposes a new time, then the player sees it at the top of Account and accepts it from the notification', async () => {
    // Shown notifications need the full browser (tests/support/browser.ts).
    world.fullBrowser = await launchBrowser({ full: true });
    const player = await newPlayer(world.fullBrowser, world.server.url, PHONE, 'prop', { serviceWorkers: 'allow' });
    world.contexts.push(player.context);
    await player.context.grantPermissions(['notifications'], { origin: world.server.url });
    const { page, context } = player;
    await page.goto('/');
    const worker = await waitForServiceWorker(context, page);
    const request = await purchaseFor(player);
    expect(
      (
        await world.superAdmin.patch(`/api/purchase-requests/${request.id}/status`, {
          data: { status: 'approved', isImmediateSchedule: true, expectedStatus: 'pending' },
        })
      ).status(),
    ).toBe(200);
    const proposed = await world.superAdmin.patch(`/api/purchase-requests/${request.id}/schedule`, {
      data: { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' },
    });
    expect(proposed.status()).toBe(201);
    const proposal = (await proposed.json()) as Proposal;

    await page.goto('/my-activity');
    const waiting = page.getByRole('region', { name: 'Proposed times waiting for you' });
    await waiting.getByText(`Request #${request.id}: new drop time proposed — 3/14/${YEAR} at 4:30 PM`).waitFor();
    await screenshotViewport(page, 'deals-phone-01-proposal-at-top');
    await page.getByRole('tab', { name: /My Buy Requests/ }).click();
    const card = await openRequestCard(page, 'purchase-request');
    await card
      .getByTestId('promise-line')
      .getByText(/^Drop promised by \d{1,2}:\d{2} [AP]M (today|tomorrow)/)
      .waitFor();
    await card.getByTestId('proposal').scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'deals-phone-02-proposal-in-card');

    // The push the server sends for it (server/modules/push/payloads.ts), delivered to the real worker.
    const [notice] = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal }, 1);
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const live = list.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: world.server.url,
      registrationId: await registrations,
      data: JSON.stringify(notice!.payload),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          data: n.data as unknown,
          actions: (n as unknown as { actions?: unknown }).actions,
        })),
      );
    await expect.poll(async () => (await shown()).length, { timeout: patient(10_000) }).toBe(1);
    expect((await shown())[0]).toMatchObject({ title: 'New drop time proposed', data: { proposalId: proposal.id } });

    // Accept pressed on the notification: the worker answers it with the player's cookie, without opening the app.
    const handled = await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const NotificationEventOf = (
        self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event }
      ).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      // A synthetic event's waitUntil does not keep the worker's work alive as a real click's does (once the answer
      // was sent but its "New time accepted" never showed): the promise it is given is held here and awaited, as the
      // browser would hold it.
      const event = new NotificationEventOf('notificationclick', { notification: notification!, action: 'accept' });
      const held: Array<Promise<unknown>> = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => held.push(promise) });
      scope.dispatchEvent(event);
      await Promise.all(held);
      return held.length;
    });
    expect(handled).toBe(1);
    await expect.poll(async () => (await requestNow(request.id)).scheduledDate, { timeout: patient(10_000) }).toBe(`3/14/${YEAR}`);
    await expect.poll(async () => (await shown()).map((n) => n.title), { timeout: patient(10_000) }).toEqual(['New time accepted']);
    const after = (await (
      await context.request.get(`/api/proposals?subjectType=purchase-request&subjectId=${request.id}`)
    ).json()) as Proposal[];
    expect(after[0]).toMatchObject({ id: proposal.id, status: 'accepted' });
    await page.getByRole('region', { name: 'Proposed times waiting for you' }).waitFor({ state: 'detached', timeout: patient(10_000) });
  });

  it('at tablet size, the proposal at the top of Account reads the same', async () => {
    const player = await newPlayer(world.browser, world.server.url, TABLET, 'propt');
    world.contexts.push(player.context);
    const request = await purchaseFor(player);
    await world.superAdmin.patch(`/api/purchase-requests/${request.id}/status`, {
      data: { status: 'approved', isImmediateSchedule: true },
    });
    expect(
      (
        await world.superAdmin.post('/api/proposals', {
          data: { subjectType: 'purchase-request', subjectId: request.id, scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' },
        })
      ).status(),
    ).toBe(201);
    await player.page.goto('/my-activity');
    await player.page.getByRole('region', { name: 'Proposed times waiting for you' }).waitFor();
    await screenshotViewport(player.page, 'deals-tablet-03-proposal-at-top');
    await player.page.getByRole('tab', { name: /My Buy Requests/ }).click();
    await (await openRequestCard(player.page, 'purchase-request')).getByTestId('promise-line').waitFor();
    await screenshotViewport(player.page, 'deals-tablet-04-proposal-in-card');
  });
});
