import { formatUsd, parsePrice } from '../../../src/domain/money';
import { cartTotal, itemCount, priceLine } from '../../../src/domain/pricing';
import type { CreatePurchaseRequestBody, PurchaseItem, PurchaseRequest, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import { canTransition, PURCHASE_TRANSITIONS, type PurchaseStatus } from '../../../src/domain/state-machines';
import type { Db } from '../../db/connection';
import { badRequest, conflict, notFound, unauthorised, type Issue } from '../../lib/app-error';
import { recordTransition, refusedTransition } from '../../lib/audit';
import { createOnce, findReplay, type Created, type IdempotencyContext } from '../../lib/idempotency';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { withHandover, type Handover } from '../images/handover';
import type { ImageStore } from '../images/store';
import type { HandoverBody } from '../../../src/domain/schemas/history';
import type { AuthUser, UsersRepository } from '../users/repository';
import type { PurchaseChange, PurchasesRepository } from './repository';

/** Purchase requests: server-side pricing (DESIGN §7) and the state machine (DESIGN §6). */
export function createPurchasesService({
  db,
  purchases,
  users,
  images,
  hub,
}: {
  db: Db;
  purchases: PurchasesRepository;
  users: UsersRepository;
  images: ImageStore;
  hub: Hub;
}) {
  /** Prices every line from the catalogue; the client's prices are only compared, never stored. */
  function price(body: CreatePurchaseRequestBody): { items: PurchaseItem[]; total: number } {
    const issues: Issue[] = [];
    const items: PurchaseItem[] = [];
    body.items.forEach((line, index) => {
      const priced = priceLine(line);
      if (!priced.ok) {
        issues.push({ path: `items.${index}.name`, message: priced.reason });
        return;
      }
      items.push({
        id: line.id === undefined ? `${index + 1}` : String(line.id),
        name: priced.name,
        category: priced.category,
        price: formatUsd(priced.unitPrice),
        quantity: line.quantity,
        ...(line.subcategory != null ? { subcategory: line.subcategory } : {}),
        ...(line.description != null ? { description: line.description } : {}),
      });
    });
    if (issues.length > 0) throw badRequest(issues[0].message, issues);
    return { items, total: cartTotal(items.map((item) => ({ price: parsePrice(item.price), quantity: item.quantity }))) };
  }

  function transition(id: number, to: PurchaseStatus, actor: AuthUser, extra: Omit<PurchaseChange, 'status'> = {}, handover?: Handover): PurchaseRequest {
    const { request, requesterId } = db.transaction(() => {
      const stored = purchases.find(id);
      if (!stored) throw notFound(`There is no purchase request ${id}`);
      const from = stored.request.status;
      if (!canTransition(PURCHASE_TRANSITIONS, from, to)) throw refusedTransition(db, 'purchase_request', id, 'purchase request', from, to);
      const now = nowIso();
      purchases.update(id, {
        status: to,
        ...(to === 'approved' ? { approvedAt: now } : to === 'rejected' ? { rejectedAt: now } : { completedAt: now }),
        ...extra,
      });
      recordTransition(db, { subject: 'purchase_request', subjectId: id, from, to, actor, note: handover?.note, photo: handover?.photo });
      return purchases.find(id)!;
    })();
    hub.publish({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request }, { ownerId: requesterId });
    return request;
  }

  return {
    create(user: AuthUser, body: CreatePurchaseRequestBody, idempotency: IdempotencyContext | null): Created<PurchaseRequest> {
      // A repeat answers the first result even if prices moved since.
      const replay = findReplay(db, idempotency);
      if (replay) return { status: replay.status, body: replay.body as PurchaseRequest, replayed: true };
      const { items, total } = price(body);
      const claimed = parsePrice(body.totalPrice);
      if (!Number.isFinite(total)) throw badRequest('This order is too large to price');
      if (!Number.isFinite(claimed)) throw badRequest('totalPrice must be a price', [{ path: 'totalPrice', message: 'totalPrice must be a price' }]);
      if (Math.abs(claimed - total) > 0.01 + 1e-9) {
        throw conflict('Prices have changed', [{ path: 'totalPrice', message: `The total is ${formatUsd(total)}` }]);
      }
      const created = createOnce(db, idempotency, 201, () => {
        const request = purchases.insert({
          requesterId: user.id,
          items,
          totalPrice: total,
          totalItems: itemCount(items),
          contactEmail: body.contactEmail || null,
          createdAt: nowIso(),
          requestedAt: body.requestedAt ?? null,
        });
        if (!request) throw unauthorised();
        recordTransition(db, { subject: 'purchase_request', subjectId: request.id, from: null, to: 'pending', actor: user });
        return request;
      });
      if (!created.replayed) hub.publish({ type: 'NEW_PURCHASE_REQUEST', payload: created.body }, { ownerId: user.id });
      return created;
    },

    /** JSON text of every request, newest first. */
    listJson: () => purchases.listJson(),

    /** JSON text of one user's requests, newest first. */
    listJsonFor(username: string) {
      const owner = users.findByName(username);
      if (!owner) throw notFound(`There is no user named '${username}'`);
      return purchases.listByRequesterJson(owner.id);
    },

    updateStatus(id: number, body: UpdatePurchaseStatusBody, actor: AuthUser) {
      if (body.status === 'approved') {
        const immediate = body.isImmediateSchedule ?? body.scheduledDate === 'Immediately';
        return transition(id, 'approved', actor, {
          isImmediateSchedule: immediate,
          scheduledDate: immediate ? 'Immediately' : (body.scheduledDate ?? null),
          scheduledTime: immediate ? '' : (body.scheduledTime ?? null),
        });
      }
      if (body.status === 'rejected') return transition(id, 'rejected', actor, { rejectionReason: body.rejectionReason ?? null });
      return transition(id, 'completed', actor);
    },

    /** The drop is handed over: completed, with an optional proof photo and note in its history. */
    complete: (id: number, actor: AuthUser, body: HandoverBody = {}) =>
      withHandover(images, body, (handover) => transition(id, 'completed', actor, {}, handover)),
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
