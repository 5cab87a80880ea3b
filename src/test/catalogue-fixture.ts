// Test-only: the catalogue as the server seeds it (the specification's items and prices, src/domain/spec-catalogue.ts,
// the list server/modules/catalogue/seed.ts seeds), in the shape GET /api/catalogue answers (issue 49: prices in USD, as the JSON writes them). The app has no
// catalogue of its own any more; dom tests answer this through MSW.
import { http, HttpResponse } from 'msw';
import { CatalogueEntry, type CatalogueEntryJson, type CatalogueResponseJson } from '../domain/schemas/catalogue';
import { CATALOGUE, type SpecItem } from '../domain/spec-catalogue';
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { catalogueQueryOptions, toShopItem, type ShopItem } from '../lib/catalogue/catalogue-query';

/** The seeded items as GET /api/catalogue answers them at version 1: every item active, unlimited, without a photo. */
export const SEED_ITEMS: CatalogueEntryJson[] = CATALOGUE.map(toSeedEntry);

/** One item of the specification's list as the server answers it once seeded (keys the item leaves out stay out). */
function toSeedEntry(item: SpecItem): CatalogueEntryJson {
  const entry = { ...item, status: 'active' as const, stock: null, imageUrl: null, version: 1 };
  for (const key of Object.keys(entry) as (keyof typeof entry)[]) if (entry[key] === undefined) delete entry[key];
  return entry;
}

/** The seeded catalogue at version 1, with `change` applied to the items (a price moved, stock left...). */
export function seedCatalogue(
  change: (items: CatalogueEntryJson[]) => CatalogueEntryJson[] = (items) => items,
  version = 1,
): CatalogueResponseJson {
  return { version, items: change(SEED_ITEMS.map((item) => ({ ...item }))) };
}

/** Patches the items of these ids. */
export const patchItems =
  (patches: Record<string, Partial<CatalogueEntryJson>>) =>
  (items: CatalogueEntryJson[]): CatalogueEntryJson[] =>
    items.map((item) => (patches[item.id] ? { ...item, ...patches[item.id] } : item));

/** The MSW handler answering GET /api/catalogue with `catalogue` (the seed by default). */
export const catalogueHandler = (catalogue: CatalogueResponseJson = seedCatalogue()) =>
  http.get('/api/catalogue', () => HttpResponse.json(catalogue));

/** A seeded item by name, as the app holds it. */
export function seedItem(name: string): ShopItem {
  const entry = SEED_ITEMS.find((item) => item.name === name);
  if (!entry) throw new Error(`No seeded item named ${name}`);
  return toShopItem(CatalogueEntry.parse(entry));
}

/** Resolves once the screen's query client holds the catalogue (the shop's sections then show their items). */
export const whenCatalogueLoaded = (queryClient: QueryClient) =>
  waitFor(() => expect(queryClient.getQueryData(catalogueQueryOptions().queryKey)).toBeDefined());

/** An item of the API's JSON as the app holds it: read through the catalogue's schema (prices in cents), as the app reads it. */
export const shopItemOf = (entry: CatalogueEntryJson): ShopItem => toShopItem(CatalogueEntry.parse(entry));
