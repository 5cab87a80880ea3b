import type { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import type { CreatePurchaseRequestBody, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import type { IdempotencyContext } from '../idempotency/keys';
import type { AuthUser } from '../users/repository';
import { cancelPurchase, completePurchase, updatePurchaseStatus } from './change-status';
import { createPurchase } from './create-purchase';
import type { PurchaseDeps } from './deps';
import { purchaseNoShow } from './no-show';
import { listPurchasesJson, listPurchasesJsonFor } from './queries';

export type { PurchaseDeps } from './deps';

/**
 * Purchase requests: every line priced by the server from the shared catalogue, and the status machine the server
 * enforces. Each use case is a file of its own (create-purchase, change-status, no-show, queries); this binds them
 * to the module's dependencies for the routes.
 */
export function createPurchasesService(deps: PurchaseDeps) {
  return {
    create: (user: AuthUser, body: CreatePurchaseRequestBody, idempotency: IdempotencyContext | null) =>
      createPurchase(deps, user, body, idempotency),
    /** JSON text of every request, newest first. */
    listJson: () => listPurchasesJson(deps),
    /** JSON text of one user's requests, newest first. */
    listJsonFor: (username: string, viewer?: AuthUser) => listPurchasesJsonFor(deps, username, viewer),
    updateStatus: (id: number, body: UpdatePurchaseStatusBody, actor: AuthUser) => updatePurchaseStatus(deps, id, body, actor),
    /** The player takes back their own request while it is pending; any credit it used comes back. */
    cancel: (id: number, user: AuthUser) => cancelPurchase(deps, id, user),
    /** The player did not come to the drop (before the deadline): the promise ends without credit. */
    noShow: (id: number, actor: AuthUser, body: NoShowBody = {}) => purchaseNoShow(deps, id, actor, body),
    /** The drop is handed over: completed, with an optional proof photo and note in its history. */
    complete: (id: number, actor: AuthUser, body: HandoverBody = {}) => completePurchase(deps, id, actor, body),
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
