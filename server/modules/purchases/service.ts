import {
  asCents,
  type Cents,
  formatCents,
  fromCents,
  MAX_ORDER_TOTAL_CENTS,
  ORDER_TOTAL_TOO_LARGE_TEXT,
  parsePrice,
  sumCents,
} from '../../../src/domain/money';
import { itemCount, pricesAgree } from '../../../src/domain/pricing';
import { requestContactEmail } from '../../../src/domain/contact-email';
import { IMMEDIATE_SCHEDULE, IMMEDIATELY, isImmediateSchedule, type Schedule } from '../../../src/domain/drop-schedule';
import type { CreatePurchaseRequestBody, PurchaseRequest, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import { canTransition, PURCHASE_TRANSITIONS, type PurchaseStatus } from '../../../src/domain/state-machines';
import { randomBytes } from 'node:crypto';
import { oneStatement, type Tx } from '../../db/scope';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorised, type Issue } from '../../lib/app-error';
import { unavailableError, type CatalogueService, type CatalogueTake } from '../catalogue/service';
import type { CreditService } from '../credit/service';
import type { PromisesService } from '../promises/service';
import { recordTransition, refusedTransition, requireExpectedStatus } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { idempotencyRepository } from '../idempotency/repository';
import { idempotentReplays } from '../ops/metrics';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { withHandover, type Handover } from '../images/handover';
import type { ImageStore } from '../images/store';
import type { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import type { AuthUser, UsersRepository } from '../users/repository';
import type { PurchaseChange, PurchasesRepository } from './repository';
import type { PurchaseLine } from './lines';

/** Purchase requests: every line priced by the server from the shared catalogue, and the status machine the server enforces. */
export function createPurchasesService({
  tx,
  purchases,
  users,
  images,
  hub,
  promisesService,
  creditService,
  catalogue,
}: {
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
}) {
  /**
   * Prices every line from the catalogue in the database at this moment (in the purchase's transaction), in cents;
   * the client's prices are only compared, never stored. A line naming a hidden or archived item answers 409 naming
   * it. The lines are stored with their unit cents; the API's '$2.99' texts are written from them when read (lines.ts).
   */
  async function price(
    tx: Tx,
    body: CreatePurchaseRequestBody,
  ): Promise<{ lines: PurchaseLine[]; totalCents: Cents; takes: CatalogueTake[] }> {
    const issues: Issue[] = [];
    const lines: PurchaseLine[] = [];
    const lineCents: Cents[] = [];
    const takes: CatalogueTake[] = [];
    const { priced: pricedLines, unavailable } = await catalogue.priceLines(tx, body.items);
    body.items.forEach((line, index) => {
      const priced = pricedLines[index];
      if (!priced.ok) {
        issues.push({ path: `items.${index}.name`, message: priced.reason });
        return;
      }
      lines.push({
        itemId: line.id === undefined ? `${index + 1}` : String(line.id),
        name: priced.name,
        category: priced.category,
        unitCents: priced.unitCents,
        quantity: line.quantity,
        subcategory: line.subcategory ?? null,
        description: line.description ?? null,
      });
      lineCents.push(priced.lineCents);
      if (priced.item)
        takes.push({ seq: priced.item.seq, quantity: line.quantity, unitCents: priced.unitCents, counted: priced.item.stock !== null });
    });
    if (unavailable.length > 0) throw unavailableError(unavailable);
    if (issues.length > 0) throw badRequest(issues[0].message, issues);
    return { lines, totalCents: sumCents(lineCents), takes };
  }

  type Priced = Awaited<ReturnType<typeof price>>;

  /** Refuses an order too large to price, a total that is not a price, and one that no longer agrees (409, with today's prices). */
  function check(body: CreatePurchaseRequestBody, { lines, totalCents }: Priced) {
    // The claimed total is the API's dollars (a number or a '$x' text), compared as sent.
    const claimed = parsePrice(body.totalPrice);
    if (!Number.isSafeInteger(totalCents)) throw badRequest('This order is too large to price');
    if (totalCents > MAX_ORDER_TOTAL_CENTS)
      throw badRequest(ORDER_TOTAL_TOO_LARGE_TEXT, [{ path: 'totalPrice', message: ORDER_TOTAL_TOO_LARGE_TEXT }]);
    if (!Number.isFinite(claimed))
      throw badRequest('totalPrice must be a price', [{ path: 'totalPrice', message: 'totalPrice must be a price' }]);
    if (!pricesAgree(claimed, totalCents)) {
      // The new prices and total go with the answer, so the app can show them and offer to send again (issue 49).
      throw new AppError(
        409,
        'Prices have changed',
        [{ path: 'totalPrice', message: `The total is ${formatCents(totalCents)}` }],
        undefined,
        {
          totalPrice: fromCents(totalCents),
          items: lines.map((line) => ({
            name: line.name,
            category: line.category,
            price: fromCents(line.unitCents),
            quantity: line.quantity,
          })),
        },
      );
    }
  }

  /** The new request's values as stored. */
  const newPurchase = (user: AuthUser, body: CreatePurchaseRequestBody, { lines, totalCents }: Priced, createdAt: string) => ({
    requesterId: user.id,
    lines,
    totalCents,
    totalItems: itemCount(lines),
    contactEmail: requestContactEmail(body.contactEmail, user.contactEmail),
    createdAt,
    requestedAt: body.requestedAt ?? null,
  });

  /** A priced purchase written in `tx`: the stock taken, the request with its audit row and lines, credit spent, told. */
  async function write(tx: Tx, user: AuthUser, body: CreatePurchaseRequestBody, priced: Priced) {
    let spent = asCents(0);
    // The stock is taken now, exactly (a conditional UPDATE per counted item); short answers 409 and rolls back.
    const taken = await catalogue.takeStock(tx, priced.takes);
    const createdAt = nowIso();
    const { request, audited } = await purchases.insertAudited(tx, newPurchase(user, body, priced, createdAt), createdAt);
    if (!request) throw unauthorised();
    await catalogue.recordPurchase(tx, request.id, taken);
    // On PostgreSQL the 'pending' audit row went with the insert (one statement).
    if (!audited)
      await recordTransition(tx, { subject: 'purchase-request', subjectId: request.id, from: null, to: 'pending', actor: user });
    // Store credit pays first, in the same transaction: min(balance, total).
    if (body.applyCredit) {
      spent = await creditService.spend(tx, { userId: user.id, purchaseId: request.id, cents: priced.totalCents, by: user.username });
      if (spent > 0) await purchases.setCreditApplied(tx, request.id, spent);
    }
    const made = spent > 0 ? (await purchases.find(tx, request.id))!.request : request;
    // Told once it commits; the other processes' note goes with its COMMIT (a repeated key rolls it all back).
    hub.publish({ type: 'NEW_PURCHASE_REQUEST', payload: made }, { ownerId: user.id }, undefined, tx);
    return { made, spent };
  }

  /**
   * PostgreSQL, a priced purchase that takes no stock, without credit or a key: one statement (issue 46), its live
   * note part of it — sent only if it commits, in commit order. The note is published before the id is known, with a
   * mark in its place that the statement replaces by the id; the request object gets its id before anything waiting
   * for the commit (push, the ops counters) reads it. Null when the requester was renamed or deleted meanwhile (then
   * nothing was written: the transaction answers as before).
   */
  async function createAtOnce(
    user: AuthUser,
    body: CreatePurchaseRequestBody,
    priced: Priced,
    idempotency: IdempotencyContext | null,
  ): Promise<Created<PurchaseRequest> | null> {
    const within = oneStatement(tx);
    // Items without a count: nothing is read nor written here, the lines are only merged by item.
    const taken = await catalogue.takeStock(within, priced.takes);
    const createdAt = nowIso();
    const purchase = newPurchase(user, body, priced, createdAt);
    const mark = `\u0000${randomBytes(6).toString('hex')}`;
    const made = purchases.pending(purchase, mark as unknown as number, user.username);
    hub.publish({ type: 'NEW_PURCHASE_REQUEST', payload: made }, { ownerId: user.id }, undefined, within);
    const idMark = JSON.stringify(mark);
    let id: number | undefined;
    try {
      id = await purchases.insertAtOnce(within, purchase, {
        requesterName: user.username,
        auditAt: createdAt,
        catalogueLines: taken,
        idMark,
        key: idempotency ? { key: idempotency.key, requestHash: idempotency.requestHash, response: JSON.stringify(made) } : undefined,
      });
    } catch (error) {
      // A retry racing this one stored its answer under the key first: this one made nothing and answers that.
      const replay = idempotency && (error as { code?: unknown }).code === '23505' ? await replayOf(idempotency) : null;
      if (!replay) throw error;
      return replay;
    }
    if (id === undefined) return null;
    made.id = id;
    if (idempotency) idempotency.stored = true;
    within.committed();
    return { status: 201, body: made, replayed: false };
  }

  /** The answer stored under a key, as `createOnce` answers a lost race (422 when the key was used for another request). */
  async function replayOf(context: IdempotencyContext): Promise<Created<PurchaseRequest> | null> {
    const stored = await idempotencyRepository.find(tx, context.userId, context.key);
    if (!stored) return null;
    if (stored.request_hash !== context.requestHash)
      throw new AppError(422, 'This Idempotency-Key was already used for a different request');
    context.stored = true;
    idempotentReplays.inc();
    return { status: stored.status, body: JSON.parse(stored.response) as PurchaseRequest, replayed: true };
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
    id: number,
    to: PurchaseStatus,
    actor: AuthUser,
    options: {
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
    } = {},
  ): Promise<PurchaseRequest> {
    const { change: extra = {}, handover } = options;
    const { request, requesterId, creditChanged } = await tx.run(async (tx) => {
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
      const stamp = STAMP[to];
      await purchases.update(tx, id, { status: to, ...(stamp ? { [stamp]: nowIso() } : {}), ...extra });
      await recordTransition(tx, {
        subject: 'purchase-request',
        subjectId: id,
        from,
        to,
        actor,
        note: handover?.note ?? extra.rejectionReason,
        photo: handover?.photo,
      });
      let creditChanged = false;
      const promised = { kind: 'purchase-request', subjectId: id } as const;
      if (to === 'approved' && options.schedule) {
        const promiseId = await promisesService.promise(tx, {
          ...promised,
          ownerId: stored.requesterId,
          schedule: options.schedule,
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
      const now = (await purchases.find(tx, id))!;
      // Told once it commits; the other processes' note goes with its COMMIT.
      hub.publish({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: now.request }, { ownerId: now.requesterId }, undefined, tx);
      return { ...now, creditChanged };
    });
    if (creditChanged) await creditService.announce(requesterId);
    return request;
  }

  /**
   * Before a no-show: once the deadline has passed the credit stands (credited now if the job has not
   * yet), and the change is refused with 409.
   */
  async function requireBeforeDeadline(id: number, expectedStatus?: string) {
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

  const scheduleOf = (body: {
    scheduledDate?: string | null;
    scheduledTime?: string | null;
    isImmediate?: boolean;
    isImmediateSchedule?: boolean;
  }): Schedule | null => {
    if (isImmediateSchedule(body)) return IMMEDIATE_SCHEDULE;
    if (!body.scheduledDate) return null;
    return { scheduledDate: body.scheduledDate, scheduledTime: body.scheduledTime ?? '', isImmediate: false };
  };

  return {
    async create(
      user: AuthUser,
      body: CreatePurchaseRequestBody,
      idempotency: IdempotencyContext | null,
    ): Promise<Created<PurchaseRequest>> {
      let spent = asCents(0);
      // The key is read first, inside the transaction: a repeat answers the first result even if prices moved since.
      // Without credit the change is two inserts (and the key's), whose rules are constraints: READ COMMITTED is
      // enough on PostgreSQL (a repeated key is a unique violation, answered by createOnce with the stored result).
      // Spending credit reads the balance it relies on: that stays SERIALIZABLE (issue 32).
      let created: Created<PurchaseRequest>;
      if (tx.engine === 'postgres' && !body.applyCredit) {
        // Without credit on PostgreSQL, the catalogue is read on its own (at READ COMMITTED a read inside the
        // transaction saw no more than this) and the purchase is one statement when it takes no stock (issue 46).
        const priced = await price(tx, body);
        check(body, priced);
        const made = priced.takes.every((take) => !take.counted) ? await createAtOnce(user, body, priced, idempotency) : null;
        created =
          made ?? (await createOnce(tx.readCommitted(), idempotency, 201, async (tx) => (await write(tx, user, body, priced)).made));
      } else
        created = await createOnce(body.applyCredit ? tx : tx.readCommitted(), idempotency, 201, async (tx) => {
          const priced = await price(tx, body);
          check(body, priced);
          const written = await write(tx, user, body, priced);
          spent = written.spent;
          return written.made;
        });
      if (spent > 0) await creditService.announce(user.id);
      return created;
    },

    /** JSON text of every request, newest first. */
    listJson: () => purchases.listJson(tx),

    /**
     * JSON text of one user's requests, newest first. A player reading their own list (the usual call) is known from
     * the session already, so the name is not looked up again.
     */
    async listJsonFor(username: string, viewer?: AuthUser) {
      if (viewer && viewer.username === username) return await purchases.listByRequesterJson(tx, viewer.id);
      const owner = await users.findByName(tx, username);
      if (!owner) throw notFound(`There is no user named '${username}'`);
      return await purchases.listByRequesterJson(tx, owner.id);
    },

    async updateStatus(id: number, body: UpdatePurchaseStatusBody, actor: AuthUser) {
      if (body.status === 'approved') {
        const schedule = scheduleOf(body);
        // A date that does not exist or has passed is refused before anything moves.
        if (schedule) promisesService.checkSchedule(schedule);
        const isImmediate = schedule?.isImmediate ?? false;
        return await transition(id, 'approved', actor, {
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
        return await transition(id, 'rejected', actor, {
          change: { rejectionReason: body.rejectionReason?.trim() || null },
          expectedStatus,
        });
      return await transition(id, 'completed', actor, { expectedStatus });
    },

    /** The player takes back their own request while it is pending; any credit it used comes back. */
    cancel: (id: number, user: AuthUser) => transition(id, 'cancelled', user, { ownerOnly: true }),

    /** The player did not come to the drop (before the deadline): the promise ends without credit. */
    async noShow(id: number, actor: AuthUser, body: NoShowBody = {}): Promise<PurchaseRequest> {
      await requireBeforeDeadline(id, body.expectedStatus);
      const { request } = await withHandover(images, body, (handover) =>
        tx.run(async (tx) => {
          await promisesService.noShow(tx, { kind: 'purchase-request', subjectId: id, recordStatus: 'approved', actor, handover });
          const now = (await purchases.find(tx, id))!;
          hub.publish({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: now.request }, { ownerId: now.requesterId }, undefined, tx);
          return now;
        }),
      );
      return request;
    },

    /** The drop is handed over: completed, with an optional proof photo and note in its history. */
    complete: (id: number, actor: AuthUser, body: HandoverBody = {}) =>
      withHandover(images, body, (handover) => transition(id, 'completed', actor, { handover, expectedStatus: body.expectedStatus })),
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
