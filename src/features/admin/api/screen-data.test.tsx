import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { deleteTestDb } from '@/test/idb';
import { setupMswServer } from '@/test/msw';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { loadAdminScreen } from './screen-data';

const server = setupMswServer();
// Each list keeps its answer as the offline copy.
afterEach(() => deleteTestDb());

describe("an Admin Control screen's route data", () => {
  it('when a link opens Pending Purchase Requests, then the requests are in the cache for it, and no other list is read', async () => {
    server.use(http.get('/api/purchase-requests', () => HttpResponse.json([])));
    const queryClient = createQueryClient();
    await loadAdminScreen(queryClient, 'pending');
    expect(queryClient.getQueryData(purchaseRequestsQueryOptions().queryKey)).toEqual([]);
    expect(queryClient.getQueryState(itemSubmissionsQueryOptions().queryKey)).toBeUndefined();
  });

  it('when the server fails, then loading still ends without an error, leaving the screen its own state', async () => {
    server.use(
      http.get('/api/item-submissions', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
      http.get('/api/scheduled-pickups', () => HttpResponse.error()),
    );
    const queryClient = createQueryClient();
    await expect(loadAdminScreen(queryClient, 'submissions')).resolves.toBeUndefined();
    expect(queryClient.getQueryState(itemSubmissionsQueryOptions().queryKey)?.status).toBe('error');
  });
});
