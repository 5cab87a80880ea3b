import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setSocketOpen } from '@/lib/socket-state';
import { readPickup, readRequest, makeSubmission } from '../testing/fixtures';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { ADMIN_POLL_MS, adminPollInterval } from './keys';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';
import { patchAdminLists } from './use-admin-live';

afterEach(() => setSocketOpen(false));

describe('patchAdminLists', () => {
  it('when a request changes, then only that entry is replaced and the others keep their identity; a new one goes on top', () => {
    const client = new QueryClient();
    const a = readRequest({ status: 'pending' });
    const b = readRequest({ status: 'pending' });
    client.setQueryData(purchaseRequestsQueryOptions().queryKey, [b, a]);
    const approved = { ...a, status: 'approved' as const };
    patchAdminLists(client, { type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: approved });
    const list = client.getQueryData(purchaseRequestsQueryOptions().queryKey)!;
    expect(list).toEqual([b, approved]);
    expect(list[0]).toBe(b);
    const fresh = readRequest();
    patchAdminLists(client, { type: 'NEW_PURCHASE_REQUEST', payload: fresh });
    expect(client.getQueryData(purchaseRequestsQueryOptions().queryKey)!.map((r) => r.id)).toEqual([fresh.id, b.id, a.id]);
  });

  it('when a pickup update comes without its submission, then the known submission stays; with one, the submission list follows', () => {
    const client = new QueryClient();
    const submission = makeSubmission({ status: 'pending' });
    const pickup = readPickup(submission);
    client.setQueryData(scheduledPickupsQueryOptions().queryKey, [pickup]);
    client.setQueryData(itemSubmissionsQueryOptions().queryKey, [submission]);
    patchAdminLists(client, { type: 'PICKUP_STATUS_UPDATE', payload: { ...pickup, completed: true, submission: undefined } });
    expect(client.getQueryData(scheduledPickupsQueryOptions().queryKey)![0]).toMatchObject({
      completed: true,
      submission: pickup.submission,
    });
    patchAdminLists(client, { type: 'NEW_SCHEDULED_PICKUP', payload: pickup });
    expect(client.getQueryData(itemSubmissionsQueryOptions().queryKey)![0].status).toBe('scheduled');
  });

  it('when a list was never loaded, then a message leaves it unloaded (its first read brings it whole)', () => {
    const client = new QueryClient();
    patchAdminLists(client, { type: 'NEW_PURCHASE_REQUEST', payload: readRequest() });
    expect(client.getQueryData(purchaseRequestsQueryOptions().queryKey)).toBeUndefined();
  });
});

describe('the admin lists poll', () => {
  it('rests while the socket is open and polls every 5 s while it is not', () => {
    expect(adminPollInterval()).toBe(ADMIN_POLL_MS);
    setSocketOpen(true);
    expect(adminPollInterval()).toBe(false);
    setSocketOpen(false);
    expect(adminPollInterval()).toBe(5000);
  });
});
