import { Router } from 'express';
import { ReverseCreditBody } from '../../../src/domain/schemas/credit';
import { IdParam } from '../../../src/domain/schemas/common';
import { parseOrThrow } from '../../lib/validate';
import { requireSuperAdmin, requireUser } from '../auth/guards';
import type { CreditService } from './service';

/** GET /api/marketplace/credit/{username} and POST /api/admin/credits/{entryId}/reverse. */
export function creditRoutes(service: CreditService): Router {
  const router = Router();
  router.get('/marketplace/credit/:username', async (req, res) => {
    const viewer = requireUser(req);
    res.set('Cache-Control', 'no-store').json(await service.account(viewer, String(req.params.username)));
  });
  router.post('/admin/credits/:entryId/reverse', async (req, res) => {
    const superAdmin = requireSuperAdmin(req);
    const entryId = parseOrThrow(IdParam, req.params.entryId);
    const body = parseOrThrow(ReverseCreditBody, req.body ?? {});
    res.status(201).json(await service.reverse(entryId, body.reason, superAdmin));
  });
  return router;
}
