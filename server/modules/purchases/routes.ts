import { Router } from 'express';
import { refuseOversizedPhoto } from '../images/oversized';
import { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import { IdParam } from '../../../src/domain/schemas/common';
import { CreatePurchaseRequestBody, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSelfOrAdmin, requireUser } from '../auth/guards';
import { cancelPurchase, completePurchase, updatePurchaseStatus } from './change-status';
import { createPurchase } from './create-purchase';
import type { PurchaseDeps } from './deps';
import { purchaseNoShow } from './no-show';
import { listPurchasesJson, listPurchasesJsonFor } from './queries';

/**
 * /api/purchase-requests and /api/user-purchase-requests. Each route validates its input and calls its use case (a
 * file of its own: create-purchase, change-status, no-show, queries) with the module's dependencies; the use case
 * calls the repository: route → use case → repository.
 */
export function purchaseRoutes(deps: PurchaseDeps): Router {
  const router = Router();

  router.post('/purchase-requests', async (req, res) => {
    const user = requireUser(req);
    const body = parseOrThrow(CreatePurchaseRequestBody, req.body ?? {});
    const created = await createPurchase(deps, user, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.get('/purchase-requests', async (req, res) => {
    requireAdmin(req);
    res.type('json').send(await listPurchasesJson(deps));
  });

  router.get('/user-purchase-requests/:username', async (req, res) => {
    const viewer = requireSelfOrAdmin(req, String(req.params.username));
    res.type('json').send(await listPurchasesJsonFor(deps, String(req.params.username), viewer));
  });

  router.patch('/purchase-requests/:id/status', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    const body = parseOrThrow(UpdatePurchaseStatusBody, req.body ?? {});
    res.json(await updatePurchaseStatus(deps, id, body, actor));
  });

  router.put('/purchase-requests/:id/complete', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    const body = parseOrThrow(HandoverBody, req.body ?? {});
    res.json(await completePurchase(deps, id, actor, body));
  });

  // The player takes back their own request while it is pending; any credit it used comes back.
  router.post('/purchase-requests/:id/cancel', async (req, res) => {
    const user = requireUser(req);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(await cancelPurchase(deps, id, user));
  });

  // The player did not come to the drop (before the deadline): the promise ends without credit.
  router.patch('/purchase-requests/:id/no-show', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    res.json(await purchaseNoShow(deps, id, actor, parseOrThrow(NoShowBody, req.body ?? {})));
  });

  return router;
}
