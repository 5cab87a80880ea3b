import { Router } from 'express';
import { IdParam } from '../../../src/domain/schemas/common';
import { CreateItemSubmissionBody, CreateUserSellRequestBody, UpdateSubmissionStatusBody } from '../../../src/domain/schemas/submissions';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSelfOrAdmin, requireUser } from '../auth/guards';
import { refuseOversizedPhoto } from '../images/oversized';
import type { SubmissionsService } from './service';

/** /api/item-submissions and /api/user-sell-requests. */
export function submissionRoutes(service: SubmissionsService): Router {
  const router = Router();

  router.post('/item-submissions', async (req, res) => {
    const user = requireUser(req);
    refuseOversizedPhoto(req.body?.imageUrl);
    const body = parseOrThrow(CreateItemSubmissionBody, req.body ?? {});
    const created = await service.createSubmission(user, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.get('/item-submissions', async (req, res) => {
    requireAdmin(req);
    res
      .set('Cache-Control', 'no-store')
      .type('json')
      .send(await service.listSubmissionsJson());
  });

  router.patch('/item-submissions/:id/status', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(IdParam, req.params.id);
    const body = parseOrThrow(UpdateSubmissionStatusBody, req.body ?? {});
    res.json(
      await service.updateSubmissionStatus(id, body.status, actor, {
        rejectionReason: body.rejectionReason ?? null,
        expectedStatus: body.expectedStatus,
      }),
    );
  });

  router.post('/item-submissions/:id/cancel', async (req, res) => {
    const user = requireUser(req);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(await service.cancelSubmission(id, user));
  });

  router.post('/user-sell-requests', async (req, res) => {
    const user = requireUser(req);
    refuseOversizedPhoto(req.body?.imageUrl);
    const body = parseOrThrow(CreateUserSellRequestBody, req.body ?? {});
    const created = await service.createSellRequest(user, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.get('/user-sell-requests/:username', async (req, res) => {
    const viewer = requireSelfOrAdmin(req, String(req.params.username));
    res.json(await service.listSellRequestsOf(String(req.params.username), viewer));
  });

  return router;
}
