import { Router } from 'express';
import { IdParam } from '../../../src/domain/schemas/common';
import { HistorySubject } from '../../../src/domain/schemas/history';
import { parseOrThrow } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { HistoryService } from './service';

/** GET /api/history/{purchase-request|submission|pickup}/{id}. */
export function historyRoutes(service: HistoryService): Router {
  const router = Router();
  router.get('/history/:subject/:id', async (req, res) => {
    const viewer = requireUser(req);
    const subject = parseOrThrow(HistorySubject, req.params.subject);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(await service.timeline(viewer, subject, id));
  });
  return router;
}
