import { randomBytes } from 'node:crypto';
import { asCents, type Cents } from '../../../src/domain/money';
import { itemCount } from '../../../src/domain/pricing';
import { requestContactEmail } from '../../../src/domain/contact-email';
import type { CreatePurchaseRequestBody, PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { oneStatement, type Tx } from '../../db/scope';
import { AppError, unauthorised } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { recordTransition } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { idempotencyRepository } from '../idempotency/repository';
import { idempotentReplays } from '../ops/metrics';
import { devicesReadAlong } from '../push/admin-devices';
import type { AuthUser } from '../users/repository';
import type { PurchaseDeps } from './deps';
import { checkPriced, type ClaimedItem, priceFromClaims, pricePurchase, type Priced } from './price-purchase';

/** POST /api/purchase-requests: prices the lines again on the server and writes the request once per key. */
export async function createPurchase(
  deps: PurchaseDeps,
  user: AuthUser,
  body: CreatePurchaseRequestBody,
  idempotency: IdempotencyContext | null,
): Promise<Created<PurchaseRequest>> {
  const { tx, catalogue, creditService } = deps;
  let spent = asCents(0);
  // On PostgreSQL without credit, a purchase is first tried as one statement, priced as its cart claims and written only
  // while the catalogue bears every claim out (issue 46). Otherwise, or when it was not written (a claim the catalogue
  // does not bear out, stock to take, a refusal), one transaction prices it from the catalogue:
  // the key is read first in it, so a repeat answers the first result even if prices moved since. Without credit the
  // change is inserts (and the key's) whose rules are constraints: READ COMMITTED is enough on PostgreSQL (a repeated
  // key is a unique violation, answered by createOnce with the stored result). Spending credit reads the balance it
  // relies on: that stays SERIALIZABLE (issue 32).
  const created =
    (tx.engine === 'postgres' && !body.applyCredit ? await createInOneStatement(deps, user, body, idempotency) : null) ??
    (await createOnce(body.applyCredit ? tx : tx.readCommitted(), idempotency, 201, async (tx) => {
      const priced = await pricePurchase(catalogue, tx, body);
      checkPriced(body, priced);
      const written = await writePurchase(deps, tx, user, body, priced);
      spent = written.spent;
      return written.made;
    }));
  if (spent > 0) await creditService.announce(user.id);
  return created;
}

/**
 * PostgreSQL: the purchase priced as its cart claims (`priceFromClaims`: nothing is read) and written as one statement
 * that holds only while the catalogue bears out every claim. Null when it was not written (the caller then prices it
 * from the catalogue in a transaction): a line claims no price, a claim is not the catalogue's (a price changed, an
 * item hidden, counted or spelt another way), the total does not agree, or the requester changed meanwhile.
 */
async function createInOneStatement(
  deps: PurchaseDeps,
  user: AuthUser,
  body: CreatePurchaseRequestBody,
  idempotency: IdempotencyContext | null,
): Promise<Created<PurchaseRequest> | null> {
  let claimed: ReturnType<typeof priceFromClaims>;
  try {
    claimed = priceFromClaims(body);
    if (claimed) checkPriced(body, claimed.priced);
  } catch {
    return null;
  }
  return claimed && createAtOnce(deps, user, body, claimed.priced, claimed.claims, idempotency);
}

/** The new request's values as stored. */
function newPurchase(user: AuthUser, body: CreatePurchaseRequestBody, { lines, totalCents }: Priced, createdAt: string) {
  return {
    requesterId: user.id,
    lines,
    totalCents,
    totalItems: itemCount(lines),
    contactEmail: requestContactEmail(body.contactEmail, user.contactEmail),
    createdAt,
    requestedAt: body.requestedAt ?? null,
  };
}

/** A priced purchase written in `tx`: the stock taken, the request with its audit row and lines, credit spent, told. */
async function writePurchase(
  { catalogue, purchases, creditService, hub }: PurchaseDeps,
  tx: Tx,
  user: AuthUser,
  body: CreatePurchaseRequestBody,
  priced: Priced,
): Promise<{ made: PurchaseRequest; spent: Cents }> {
  let spent = asCents(0);
  // The stock is taken now, exactly (a conditional UPDATE per counted item); short answers 409 and rolls back.
  const taken = await catalogue.takeStock(tx, priced.takes);
  const createdAt = nowIso();
  const { request, audited } = await purchases.insertAudited(tx, newPurchase(user, body, priced, createdAt), createdAt);
  if (!request) throw unauthorised();
  await catalogue.recordPurchase(tx, request.id, taken);
  // On PostgreSQL the 'pending' audit row went with the insert (one statement).
  if (!audited) await recordTransition(tx, { subject: 'purchase-request', subjectId: request.id, from: null, to: 'pending', actor: user });
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
 * PostgreSQL, a purchase priced from its cart's claims, without credit: one statement (issue 46), written only while
 * the catalogue bears out every claim (`insert-statements.ts`), its live note part of it — sent only if it commits, in
 * commit order. The note is published before the id is known, with a mark in its place that the
 * statement replaces by the id; the request object gets its id before anything waiting for the commit (push, the ops
 * counters) reads it. Null when the requester was renamed or deleted or a claim is not the catalogue's (then nothing
 * was written nor sent: the transaction answers as before).
 */
async function createAtOnce(
  { tx, purchases, hub }: PurchaseDeps,
  user: AuthUser,
  body: CreatePurchaseRequestBody,
  priced: Priced,
  claims: ClaimedItem[],
  idempotency: IdempotencyContext | null,
): Promise<Created<PurchaseRequest> | null> {
  const within = oneStatement(tx);
  const createdAt = nowIso();
  const purchase = newPurchase(user, body, priced, createdAt);
  const mark = `\u0000${randomBytes(6).toString('hex')}`;
  const made = purchases.pending(purchase, mark as unknown as number, user.username);
  const message = { type: 'NEW_PURCHASE_REQUEST', payload: made } as const;
  hub.publish(message, { ownerId: user.id }, undefined, within);
  const idMark = JSON.stringify(mark);
  let written: Awaited<ReturnType<typeof purchases.insertAtOnce>>;
  try {
    written = await purchases.insertAtOnce(within, purchase, {
      requesterName: user.username,
      auditAt: createdAt,
      claims,
      idMark,
      key: idempotency ? { key: idempotency.key, requestHash: idempotency.requestHash, response: JSON.stringify(made) } : undefined,
    });
  } catch (error) {
    // A retry racing this one stored its answer under the key first: this one made nothing and answers that.
    const replay = idempotency && (error as { code?: unknown }).code === '23505' ? await replayOf(tx, idempotency) : null;
    if (!replay) throw error;
    return replay;
  }
  if (!written) return null;
  made.id = written.id;
  // The admins' notice, written once this reports the commit, goes to the devices the statement read.
  devicesReadAlong(message, written.adminDevices);
  if (idempotency) idempotency.stored = true;
  within.committed();
  return { status: 201, body: made, replayed: false };
}

/** The answer stored under a key, as `createOnce` answers a lost race (422 when the key was used for another request). */
async function replayOf(tx: Tx, context: IdempotencyContext): Promise<Created<PurchaseRequest> | null> {
  const stored = await idempotencyRepository.find(tx, context.userId, context.key);
  if (!stored) return null;
  if (stored.request_hash !== context.requestHash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
  context.stored = true;
  idempotentReplays.inc();
  return { status: stored.status, body: JSON.parse(stored.response) as PurchaseRequest, replayed: true };
}
