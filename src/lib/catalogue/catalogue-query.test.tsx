import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueHandler, seedCatalogue } from '@/test/catalogue-fixture';
import { deleteTestDb } from '@/test/idb';
import { setupMswServer } from '@/test/msw';
import { kvGet, snapshotKey } from '../db';
import { type Snapshot } from '../offline-snapshot';
import { catalogueQueryOptions, lastSellPriceOf, type Catalogue } from './catalogue-query';

const server = setupMswServer();

afterEach(async () => {
  await deleteTestDb();
});

describe('the catalogue as the app reads it (issue 48.1)', () => {
  it('when GET /api/catalogue answers USD, then the app holds cents and the offline snapshot keeps the API’s JSON; offline, the snapshot reads as cents again', async () => {
    server.use(catalogueHandler());
    const options = catalogueQueryOptions();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = await client.fetchQuery(options);
    const ak = (catalogue: Catalogue) => catalogue.items.find((item) => item.id === 'gun-ak-47');
    // $18 in the JSON, 1800 cents in the app; Pistol Ammo's $0.03 a round is 3 cents.
    expect(ak(shown)).toMatchObject({ price: 1800, sellPrice: 1800 });
    expect(shown.items.find((item) => item.name === 'Pistol Ammo')?.price).toBe(3);
    expect(lastSellPriceOf('RPG')).toBe(1999);
    const saved = () => kvGet<Snapshot<{ items: Array<{ id: string; price: number | null }> }>>(snapshotKey(options.queryKey));
    await expect.poll(async () => (await saved())?.data.items.find((item) => item.id === 'gun-ak-47')?.price).toBe(18);

    server.use(http.get('/api/catalogue', () => HttpResponse.error()));
    const offline = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options);
    expect(ak(offline)).toMatchObject({ price: 1800, sellPrice: 1800 });
    expect(offline).toEqual(shown);
  });

  it('when an answer is not the catalogue’s shape, then it is refused rather than shown', async () => {
    server.use(http.get('/api/catalogue', () => HttpResponse.json({ ...seedCatalogue(), items: [{ id: 'x', price: '18' }] })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(catalogueQueryOptions())).rejects.toThrow();
  });
});
