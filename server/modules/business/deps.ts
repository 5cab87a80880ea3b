import type { Tx } from '../../db/scope';
import type { BusinessRepository } from './repository';

/** What the super admin's figures are given: the database, the figures' queries and the store's time zone. */
export interface BusinessDeps {
  tx: Tx;
  business: BusinessRepository;
  storeTimeZone: string;
}
