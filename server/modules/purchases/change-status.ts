import { IMMEDIATE_SCHEDULE, IMMEDIATELY, isImmediateSchedule, type Schedule } from '../../../src/domain/drop-schedule';
import type { PurchaseRequestJson as PurchaseRequest, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import type { HandoverBody } from '../../../src/domain/schemas/history';
import { canTransition, PURCHASE_TRANSITIONS, type PurchaseStatus } from '../../../src/domain/state-machines';
import type { Tx } from '../../db/scope';
import { forbidden, notFound } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { recordTransition, refusedTransition, requireExpectedStatus } from '../history/audit';
import { withHandover, type Handover } from '../images/handover';
import type { AuthUser } from '../users/repository';
import type { PurchaseDeps } from './deps';
import type { PurchaseChange, StoredPurchase } from './repository';

/** How a status change is made: its extra columns, its handover, who may make it, and what the admin saw. */
interface TransitionOptions {
  /** More columns to write with the status (the schedule, the rejection reason). */
  change?: Omit<PurchaseChange, 'status'>;
  /** The proof photo and note of a handover, for the history. */
  handover?: Handover;
  /** Only the request's owner may make this change (a player cancelling). */
  ownerOnly?: boolean;
  /** The approved drop's time: the promise is made of it. */
  schedule?: Schedule | null;
  /** The status the admin saw (DESIGN.md §10): another one answers 409. */
  expectedStatus?: string;
}

/** PATCH /api/purchase-requests/:id/status: approve (with the drop's time), reject (with a reason) or complete. */
export async function updatePurchaseStatus(deps: PurchaseDeps, id: number, body: UpdatePurchaseStatusBody, actor: AuthUser) {
  if (body.status === 'approved') {
    const schedule = scheduleOf(body);
    // A date that does not exist or has passed is refused before anything moves.
    if (schedule) deps.promisesService.checkSchedule(schedule);
    const isImmediate = schedule?.isImmediate ?? false;
    return await transition(deps, id, 'approved', actor, {
      change: {
        isImmediate,
        scheduledDate: isImmediate ? IMMEDIATELY : (body.scheduledDate ?? null),
        scheduledTime: isImmediate ? '' : (body.scheduledTime ?? null),
      },
      schedule,
      expectedStatus: body.expectedStatus,
    });
  }
  const { expectedStatus } = body;
  if (body.status === 'rejected')
    return await transition(deps, id, 'rejected', actor, {
      change: { rejectionReason: body.rejectionReason?.trim() || null },
      expectedStatus,
    });
  return await transition(deps, id, 'completed', actor, { expectedStatus });
}

/** The player takes back their own request while it is pending; any credit it used comes back. */
export const cancelPurchase = (deps: PurchaseDeps, id: number, user: AuthUser) =>
  transition(deps, id, 'cancelled', user, { ownerOnly: true });

/** The drop is handed over: completed, with an optional proof photo and note in its history. */
export const completePurchase = (deps: PurchaseDeps, id: number, actor: AuthUser, body: HandoverBody = {}) =>
  withHandover(deps.images, body, (handover) =>
    transition(deps, id, 'completed', actor, { handover, expectedStatus: body.expectedStatus }),
  );

function scheduleOf(body: {
  scheduledDate?: string | null;
  scheduledTime?: string | null;
  isImmediate?: boolean;
  isImmediateSchedule?: boolean;
}): Schedule | null {
  if (isImmediateSchedule(body)) return IMMEDIATE_SCHEDULE;
  if (!body.scheduledDate) return null;
  return { scheduledDate: body.scheduledDate, scheduledTime: body.scheduledTime ?? '', isImmediate: false };
}

/** One request moving: its id, as stored before the change, where it goes and who moves it. */
interface Move {
  id: number;
  stored: StoredPurchase;
  to: PurchaseStatus;
  actor: AuthUser;
}

const STAMP: Record<PurchaseStatus, keyof PurchaseChange | null> = {
  pending: null,
  approved: 'approvedAt',
  rejected: 'rejectedAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
};

/**
 * Moves a request along its state machine with its audit row, and keeps the promise and the credit in step in the
 * same transaction: approval with a schedule makes the promise; completion keeps it (or credits a late one);
 * rejection withdraws it; rejection and cancellation give back the credit the request used.
 */
async function transition(
  deps: PurchaseDeps,
  id: number,
  to: PurchaseStatus,
  actor: AuthUser,
  options: TransitionOptions = {},
): Promise<PurchaseRequest> {
  const { tx, purchases, hub, creditService } = deps;
  const { request, requesterId, creditChanged } = await tx.run(async (tx) => {
    const stored = await requireMovable(deps, tx, id, to, actor, options);
    await writeStatus(deps, tx, { id, stored, to, actor }, options);
    const creditChanged = await keepInStep(deps, tx, { id, stored, to, actor }, options.schedule);
    const now = (await purchases.find(tx, id))!;
    // Told once it commits; the other processes' note goes with its COMMIT.
    hub.publish({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: now.request }, { ownerId: now.requesterId }, undefined, tx);
    return { ...now, creditChanged };
  });
  if (creditChanged) await creditService.announce(requesterId);
  return request;
}

/** The stored request, once the change is allowed: it exists, is the actor's when it must be, is as the admin saw it, and may move. */
async function requireMovable(
  { promisesService, purchases }: PurchaseDeps,
  tx: Tx,
  id: number,
  to: PurchaseStatus,
  actor: AuthUser,
  options: TransitionOptions,
): Promise<StoredPurchase> {
  const stored = await purchases.find(tx, id);
  if (!stored) throw notFound(`There is no purchase request ${id}`);
  if (options.ownerOnly && stored.requesterId !== actor.id) throw forbidden('You can only cancel your own purchase requests');
  const from = stored.request.status;
  await requireExpectedStatus(tx, {
    kind: 'purchase-request',
    subjectId: id,
    current: from,
    expected: options.expectedStatus,
    timeZone: promisesService.timeZone,
  });
  if (!canTransition(PURCHASE_TRANSITIONS, from, to))
    throw await refusedTransition(tx, { kind: 'purchase-request', subjectId: id, from, to, viewer: actor });
  return stored;
}

/** The new status with its stamp and columns, and its audit row. */
async function writeStatus(
  { purchases }: PurchaseDeps,
  tx: Tx,
  { id, stored, to, actor }: Move,
  { change: extra = {}, handover }: TransitionOptions,
) {
  const stamp = STAMP[to];
  await purchases.update(tx, id, { status: to, ...(stamp ? { [stamp]: nowIso() } : {}), ...extra });
  await recordTransition(tx, {
    subject: 'purchase-request',
    subjectId: id,
    from: stored.request.status,
    to,
    actor,
    note: handover?.note ?? extra.rejectionReason,
    photo: handover?.photo,
  });
}

/** The promise, the stock and the credit kept in step with the new status; true when the player's credit changed. */
async function keepInStep(
  { promisesService, purchases, catalogue, creditService }: PurchaseDeps,
  tx: Tx,
  { id, stored, to, actor }: Move,
  schedule: Schedule | null | undefined,
): Promise<boolean> {
  const from = stored.request.status;
  let creditChanged = false;
  const promised = { kind: 'purchase-request', subjectId: id } as const;
  if (to === 'approved' && schedule) {
    const promiseId = await promisesService.promise(tx, {
      ...promised,
      ownerId: stored.requesterId,
      schedule,
      baseCents: stored.totalCents,
      actor,
    });
    await purchases.setPromise(tx, id, promiseId);
  }
  // Completed keeps the promise, rejected withdraws it; either way a promise already past its deadline is credited.
  if (to === 'completed' || to === 'rejected') {
    const credited = await promisesService.close(tx, {
      ...promised,
      recordStatus: from,
      actor,
      as: to === 'completed' ? 'kept' : 'withdrawn',
    });
    creditChanged = (credited?.cents ?? 0) > 0;
  }
  // Rejected or cancelled: the stock the request took goes back to the shop (a completed one keeps it taken).
  if (to === 'rejected' || to === 'cancelled') await catalogue.releasePurchase(tx, id);
  if (
    (to === 'rejected' || to === 'cancelled') &&
    (await creditService.refund(tx, {
      userId: stored.requesterId,
      purchaseId: id,
      cents: stored.creditAppliedCents,
      by: actor.username,
    }))
  )
    creditChanged = true;
  return creditChanged;
}
