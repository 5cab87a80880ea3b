import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contactQueryOptions } from '../lib/api/contact';
import { creditQueryOptions } from '../lib/credit-query';
import { createQueryClient } from '../lib/query-client';
import { setupMswServer } from '../test/msw';
import { loadAccountData } from './route-data';

const server = setupMswServer();
const contact = {
  username: 'ada',
  contactEmail: 'ada@example.com',
  ps5Username: null,
  robloxUsername: null,
  isAdmin: false,
  isSuperAdmin: false,
};

describe("My Account's route data", () => {
  it('when the route is chosen, then the contact and the store credit are in the cache for the screen', async () => {
    server.use(
      http.get('/api/marketplace/contact/ada', () => HttpResponse.json(contact)),
      http.get('/api/marketplace/credit/ada', () => HttpResponse.json({ balance: 250, entries: [] })),
    );
    const queryClient = createQueryClient();
    await loadAccountData(queryClient, 'ada');
    expect(queryClient.getQueryData(contactQueryOptions('ada').queryKey)).toEqual(contact);
    expect(queryClient.getQueryData(creditQueryOptions('ada').queryKey)).toMatchObject({ balance: 25000 }); // the API's $250.00, read into cents
  });

  it('when the server fails, then loading still ends without an error, leaving the screen its own error state', async () => {
    server.use(
      http.get('/api/marketplace/contact/ada', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
      http.get('/api/marketplace/credit/ada', () => HttpResponse.error()),
    );
    const queryClient = createQueryClient();
    await expect(loadAccountData(queryClient, 'ada')).resolves.toBeUndefined();
    expect(queryClient.getQueryState(contactQueryOptions('ada').queryKey)?.status).toBe('error');
  });
});
