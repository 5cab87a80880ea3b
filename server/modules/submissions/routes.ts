import { Router } from 'express';
import { IdParam } from '../../../src/domain/schemas/common';
import {
  CreateItemSubmissionBody,
  CreateUserSellRequestBody,
  UpdateSubmissionStatusBody,
} from '../../../src/domain/schemas/submissions';
import { idempotencyContext } from '../../lib/idempotency';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSelfOrAdmin, requireUser } from '../auth/guards';
import { refuseOversizedPhoto } from '../images/oversized';
import type { SubmissionsService } from './service';

/** /api/item-submissions and /api/user-sell-requests. */
export function submissionRoutes(service: SubmissionsService): Router {
  const router = Router();

  router.post('/item-submissions', async (req, res) => {
    const user = requireUser(req);
    const idempotency = idempotencyContext(req, user.id);
    refuseOversizedPhoto(req.body?.imageUrl);
    const body = parseOrThrow(CreateItemSubmissionBody, req.body ?? {});
    const created = await service.createSubmission(user, body, idempotency);
    res.status(created.status).json(created.body);
  });

  router.get('/item-submissions', (req, res) => {
    requireAdmin(req);
    res.set('Cache-Control', 'no-store').type('json').send(service.listSubmissionsJson());
  });

  router.patch('/item-submissions/:id/status', (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    const body = parseOrThrow(UpdateSubmissionStatusBody, req.body ?? {});
    res.json(service.updateSubmissionStatus(id, body.status, actor, body.rejectionReason ?? null));
  });

  router.post('/item-submissions/:id/cancel', (req, res) => {
    const user = requireUser(req);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(service.cancelSubmission(id, user));
  });

  router.post('/user-sell-requests', (req, res) => {
    const user = requireUser(req);
    const idempotency = idempotencyContext(req, user.id);
    refuseOversizedPhoto(req.body?.imageUrl);
    const body = parseOrThrow(CreateUserSellRequestBody, req.body ?? {});
    const created = service.createSellRequest(user, body, idempotency);
    res.status(created.status).json(created.body);
  });

  router.get('/user-sell-requests/:username', (req, res) => {
    requireSelfOrAdmin(req, String(req.params.username));
    res.json(service.listSellRequestsOf(String(req.params.username)));
  });

  return router;
}
