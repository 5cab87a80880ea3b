// The specification's catalogue (issue 49): what the database is seeded with on first start, and stays the default.
// Prices are USD as the price list reads them (ammo per round); they become cents when stored. The ids are the ones
// the app has always sent ('gun-ak-47'), so carts and requests made before the catalogue moved keep naming them. The
// list itself is written once, in src/domain/spec-catalogue.ts (which the tests and the bench read too).
import { CATALOGUE, type SpecItem } from '../../../src/domain/spec-catalogue';

/** One seeded item, as the specification writes it. */
export type SeedItem = SpecItem;

/** Every item of the specification's catalogue, in the order the shop lists them. */
export const SEED_CATALOGUE: readonly SeedItem[] = CATALOGUE;
