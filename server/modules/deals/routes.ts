import { Router } from 'express';
import { IMMEDIATELY } from '../../../src/domain/drop-schedule';
import { IdParam } from '../../../src/domain/schemas/common';
import { CreateDisputeBody, CreateProposalBody, DecideDisputeBody, ProposalQuery } from '../../../src/domain/schemas/deals';
import { RescheduleBody } from '../../../src/domain/schemas/purchases';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSuperAdmin, requireUser } from '../auth/guards';
import type { DisputesService } from './disputes-service';
import type { ProposalsService } from '../promises/proposals-service';

/** /api/proposals, /api/disputes, /api/admin/disputes, and the admin's PATCH …/schedule (which makes a proposal). */
export function dealRoutes(proposals: ProposalsService, disputes: DisputesService): Router {
  const router = Router();

  router.post('/proposals', async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await proposals.propose(user, parseOrThrow(CreateProposalBody, req.body ?? {})));
  });
  router.get('/proposals', async (req, res) => {
    const user = requireUser(req);
    res.json(await proposals.list(user, parseOrThrow(ProposalQuery, req.query ?? {})));
  });
  router.post('/proposals/:id/accept', async (req, res) => {
    res.json(await proposals.accept(parseOrThrow(IdParam, req.params.id), requireUser(req)));
  });
  router.post('/proposals/:id/decline', async (req, res) => {
    res.json(await proposals.decline(parseOrThrow(IdParam, req.params.id), requireUser(req)));
  });

  // The old reschedule calls stay only as the admin's way to make a proposal (DESIGN.md §10).
  for (const [path, subjectType] of [
    ['/purchase-requests/:id/schedule', 'purchase-request'],
    ['/scheduled-pickups/:id/schedule', 'pickup'],
  ] as const) {
    router.patch(path, async (req, res) => {
      const actor = requireAdmin(req);
      const subjectId = parseOrThrow(IdParam, req.params.id);
      const body = parseOrThrow(RescheduleBody, req.body ?? {});
      const isImmediate = body.isImmediate ?? body.isImmediateSchedule ?? body.scheduledDate === IMMEDIATELY;
      res.status(201).json(await proposals.propose(actor, { subjectType, subjectId, ...body, isImmediate }));
    });
  }

  router.post('/disputes', async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await disputes.open(user, parseOrThrow(CreateDisputeBody, req.body ?? {})));
  });
  router.get('/disputes', async (req, res) => {
    res.json(await disputes.mine(requireUser(req)));
  });
  router.get('/admin/disputes', async (req, res) => {
    requireSuperAdmin(req);
    const status =
      typeof req.query.status === 'string' && ['open', 'upheld', 'dismissed'].includes(req.query.status) ? req.query.status : undefined;
    res.json(await disputes.list(status));
  });
  router.post('/admin/disputes/:id/uphold', async (req, res) => {
    const superAdmin = requireSuperAdmin(req);
    const body = parseOrThrow(DecideDisputeBody, req.body ?? {});
    res.json(await disputes.uphold(parseOrThrow(IdParam, req.params.id), superAdmin, body.note ?? null));
  });
  router.post('/admin/disputes/:id/dismiss', async (req, res) => {
    const superAdmin = requireSuperAdmin(req);
    const body = parseOrThrow(DecideDisputeBody, req.body ?? {});
    res.json(await disputes.dismiss(parseOrThrow(IdParam, req.params.id), superAdmin, body.note ?? null));
  });
  return router;
}
