// Steps the catalogue's API files share (issue 49, DESIGN.md §14): the catalogue as a client reads it, one item, an
// edit at the item's present version, and a purchase.
import { expect } from 'vitest';
import { CatalogueResponse } from '../../src/domain/schemas/catalogue';
import type { Client } from './helpers';

/** An item as GET /api/catalogue answers it (prices in USD, as the API writes them). */
export type Item = {
  id: string;
  name: string;
  price: number | null;
  sellPrice: number | null;
  status: string;
  stock: number | null;
  version: number;
};

export async function catalogue(client: Client): Promise<{ version: number; items: Item[] }> {
  const answer = await client.get('/api/catalogue');
  expect(answer.status).toBe(200);
  // The answer is the API's JSON (prices in USD): checked against the schema, then read as it was written.
  CatalogueResponse.parse(answer.body);
  return answer.body as { version: number; items: Item[] };
}

export async function item(client: Client, id: string): Promise<Item> {
  const found = (await catalogue(client)).items.find((entry) => entry.id === id);
  if (!found) throw new Error(`${id} is not in the catalogue`);
  return found;
}

/** An edit of one item at its present version (read by the super admin, who sees every item), sent by `client`. */
export const editWith =
  (superAdmin: () => Client) =>
  async (client: Client, id: string, change: Record<string, unknown>, reason = 'test') => {
    const { version } = await item(superAdmin(), id);
    return await client.patch(`/api/admin/catalogue/items/${id}`, { ...change, reason, expectedVersion: version });
  };

export const buy = (client: Client, lines: Array<{ name: string; category: string; quantity: number }>, total: number) =>
  client.post('/api/purchase-requests', { items: lines, totalPrice: total });
