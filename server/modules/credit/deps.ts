import type { Cents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import type { Hub } from '../../realtime/hub';
import type { UsersRepository } from '../users/repository';
import type { CreditRepository } from './repository';

/** What the credit use cases are given. */
export interface CreditDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  credit: CreditRepository;
  users: UsersRepository;
  hub: Hub;
}

/** Who owes or gets what for a purchase request: its owner, the request, the cents and who made the change. */
export interface PurchaseCredit {
  userId: number;
  purchaseId: number;
  cents: Cents;
  by: string;
}
