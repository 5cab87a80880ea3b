import type { NoShowBody } from '../../../src/domain/schemas/history';
import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { conflict, notFound } from '../../lib/app-error';
import { refusedTransition, requireExpectedStatus } from '../history/audit';
import { withHandover } from '../images/handover';
import type { AuthUser } from '../users/repository';
import type { PurchaseDeps } from './deps';

/** The player did not come to the drop (before the deadline): the promise ends without credit. */
export async function purchaseNoShow(deps: PurchaseDeps, id: number, actor: AuthUser, body: NoShowBody = {}): Promise<PurchaseRequest> {
  const { tx, images, promisesService, purchases, hub } = deps;
  await requireBeforeDeadline(deps, id, body.expectedStatus);
  const { request } = await withHandover(images, body, (handover) =>
    tx.run(async (tx) => {
      await promisesService.noShow(tx, { kind: 'purchase-request', subjectId: id, recordStatus: 'approved', actor, handover });
      const now = (await purchases.find(tx, id))!;
      hub.publish({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: now.request }, { ownerId: now.requesterId }, undefined, tx);
      return now;
    }),
  );
  return request;
}

/**
 * Before a no-show: once the deadline has passed the credit stands (credited now if the job has not
 * yet), and the change is refused with 409.
 */
async function requireBeforeDeadline({ tx, purchases, promisesService, creditService }: PurchaseDeps, id: number, expectedStatus?: string) {
  const { credited, missed, requesterId } = await tx.run(async (tx) => {
    const stored = await purchases.find(tx, id);
    if (!stored) throw notFound(`There is no purchase request ${id}`);
    await requireExpectedStatus(tx, {
      kind: 'purchase-request',
      subjectId: id,
      current: stored.request.status,
      expected: expectedStatus,
      timeZone: promisesService.timeZone,
    });
    if (stored.request.status !== 'approved')
      throw await refusedTransition(tx, { kind: 'purchase-request', subjectId: id, from: stored.request.status, to: 'approved' });
    const record = { kind: 'purchase-request', subjectId: id, recordStatus: 'approved' } as const;
    return { ...(await promisesService.requireBeforeDeadline(tx, record)), requesterId: stored.requesterId };
  });
  if (missed) {
    if (credited && credited.cents > 0) await creditService.announce(requesterId);
    throw conflict("The promised drop time has passed, so the player's store credit stands and the promise can no longer change.");
  }
}
