import { Router } from 'express';
import { refuseOversizedPhoto } from '../images/oversized';
import { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import { IdParam } from '../../../src/domain/schemas/common';
import { CreatePickupBody, MarkPaidBody } from '../../../src/domain/schemas/pickups';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireUser } from '../auth/guards';
import type { PickupsService } from './service';

/** /api/scheduled-pickups. */
export function pickupRoutes(service: PickupsService): Router {
  const router = Router();

  router.get('/scheduled-pickups', async (req, res) => {
    res.json(await service.list(requireUser(req)));
  });

  router.post('/scheduled-pickups', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parseOrThrow(CreatePickupBody, req.body ?? {});
    const created = await service.create(actor, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.patch('/scheduled-pickups/:id/complete', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    const body = parseOrThrow(HandoverBody, req.body ?? {});
    res.json(await service.complete(id, actor, body));
  });

  router.patch('/scheduled-pickups/:id/paid', async (req, res) => {
    const actor = requireAdmin(req);
    res.json(await service.pay(parseOrThrow(IdParam, req.params.id), actor, parseOrThrow(MarkPaidBody, req.body ?? {})));
  });

  router.patch('/scheduled-pickups/:id/no-show', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.proofPhoto);
    res.json(await service.noShow(id, actor, parseOrThrow(NoShowBody, req.body ?? {})));
  });

  return router;
}
