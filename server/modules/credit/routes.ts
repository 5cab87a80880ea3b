import { Router } from 'express';
import { CreditAdjustmentBody, ReverseCreditBody } from '../../../src/domain/schemas/credit';
import { IdParam } from '../../../src/domain/schemas/common';
import { parseOrThrow } from '../../lib/validate';
import { requireSuperAdmin, requireUser } from '../auth/guards';
import type { CreditService } from './service';

/**
 * GET /api/marketplace/credit/{username}, GET /api/admin/credits/{entryId}/reversal, POST .../reverse and
 * POST /api/admin/marketplace-users/{username}/credit-adjustments.
 */
export function creditRoutes(service: CreditService): Router {
  const router = Router();
  router.get('/marketplace/credit/:username', async (req, res) => {
    const viewer = requireUser(req);
    res.set('Cache-Control', 'no-store').json(await service.account(viewer, String(req.params.username)));
  });
  router.get('/admin/credits/:entryId/reversal', async (req, res) => {
    requireSuperAdmin(req);
    res.set('Cache-Control', 'no-store').json(await service.reversalPreview(parseOrThrow(IdParam, req.params.entryId)));
  });
  router.post('/admin/credits/:entryId/reverse', async (req, res) => {
    const superAdmin = requireSuperAdmin(req);
    const entryId = parseOrThrow(IdParam, req.params.entryId);
    const body = parseOrThrow(ReverseCreditBody, req.body ?? {});
    res.status(201).json(await service.reverse(entryId, body.reason, superAdmin));
  });
  router.post('/admin/marketplace-users/:username/credit-adjustments', async (req, res) => {
    const superAdmin = requireSuperAdmin(req);
    const body = parseOrThrow(CreditAdjustmentBody, req.body ?? {});
    const created = await service.adjust(String(req.params.username), body, superAdmin, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });
  return router;
}
