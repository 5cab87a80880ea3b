import type { Tx } from '../../db/scope';
import type { Hub } from '../../realtime/hub';
import type { CatalogueService } from '../catalogue/service';
import type { CreditService } from '../credit/service';
import type { ImageStore } from '../images/store';
import type { PromisesService } from '../promises/service';
import type { UsersRepository } from '../users/repository';
import type { PurchasesRepository } from './repository';

/** What the purchase use cases are given: the one database handle and the modules a purchase touches. */
export interface PurchaseDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  /** The catalogue in the database: the prices and the stock a purchase takes (issue 49). */
  catalogue: CatalogueService;
  purchases: PurchasesRepository;
  users: UsersRepository;
  images: ImageStore;
  hub: Hub;
  promisesService: PromisesService;
  creditService: CreditService;
}
