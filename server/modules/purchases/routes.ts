import { Router } from 'express';
import { refuseOversizedPhoto } from '../images/oversized';
import { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import { IdParam } from '../../../src/domain/schemas/common';
import { CreatePurchaseRequestBody, UpdatePurchaseStatusBody } from '../../../src/domain/schemas/purchases';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSelfOrAdmin, requireUser } from '../auth/guards';
import type { PurchasesService } from './service';

/** /api/purchase-requests and /api/user-purchase-requests. */
export function purchaseRoutes(service: PurchasesService): Router {
  const router = Router();

  router.post('/purchase-requests', async (req, res) => {
    const user = requireUser(req);
    const body = parseOrThrow(CreatePurchaseRequestBody, req.body ?? {});
    const created = await service.create(user, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.get('/purchase-requests', async (req, res) => {
    requireAdmin(req);
    res.type('json').send(await service.listJson());
  });

  router.get('/user-purchase-requests/:username', async (req, res) => {
    const viewer = requireSelfOrAdmin(req, String(req.params.username));
    res.type('json').send(await service.listJsonFor(String(req.params.username), viewer));
  });

  router.patch('/purchase-requests/:id/status', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    const body = parseOrThrow(UpdatePurchaseStatusBody, req.body ?? {});
    res.json(await service.updateStatus(id, body, actor));
  });

  router.put('/purchase-requests/:id/complete', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    const body = parseOrThrow(HandoverBody, req.body ?? {});
    res.json(await service.complete(id, actor, body));
  });

  router.post('/purchase-requests/:id/cancel', async (req, res) => {
    const user = requireUser(req);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(await service.cancel(id, user));
  });

  router.patch('/purchase-requests/:id/no-show', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    res.json(await service.noShow(id, actor, parseOrThrow(NoShowBody, req.body ?? {})));
  });

  return router;
}
