import { Router } from 'express';
import { IdParam } from '../../../src/domain/schemas/common';
import {
  ConversationSubject,
  MarkReadBody,
  MessagesQuery,
  PutQuickRepliesBody,
  SendMessageBody,
} from '../../../src/domain/schemas/conversations';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSuperAdmin, requireUser } from '../auth/guards';
import { refuseOversizedPhoto } from '../images/oversized';
import type { ConversationsService } from './service';

/** /api/conversations/… (DESIGN §13) and the super admin's quick replies. */
export function conversationRoutes(service: ConversationsService): Router {
  const router = Router();

  router.get('/conversations/unread', async (req, res) => {
    res.json(await service.unread(requireUser(req)));
  });

  router.get('/conversations/quick-replies', async (req, res) => {
    requireAdmin(req);
    res.json(await service.quickReplies());
  });

  router.put('/admin/quick-replies', async (req, res) => {
    requireSuperAdmin(req);
    const body = parseOrThrow(PutQuickRepliesBody, req.body ?? {});
    res.json(await service.replaceQuickReplies(body.replies));
  });

  router.get('/conversations/:subject/:id/messages', async (req, res) => {
    const viewer = requireUser(req);
    const subject = parseOrThrow(ConversationSubject, req.params.subject);
    const id = parseOrThrow(IdParam, req.params.id);
    res.json(await service.list(viewer, subject, id, parseOrThrow(MessagesQuery, req.query ?? {})));
  });

  router.post('/conversations/:subject/:id/messages', async (req, res) => {
    const viewer = requireUser(req);
    const subject = parseOrThrow(ConversationSubject, req.params.subject);
    const id = parseOrThrow(IdParam, req.params.id);
    refuseOversizedPhoto(req.body?.photo);
    const body = parseOrThrow(SendMessageBody, req.body ?? {});
    const created = await service.send(viewer, subject, id, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.post('/conversations/:subject/:id/read', async (req, res) => {
    const viewer = requireUser(req);
    const subject = parseOrThrow(ConversationSubject, req.params.subject);
    const id = parseOrThrow(IdParam, req.params.id);
    const body = parseOrThrow(MarkReadBody, req.body ?? {});
    res.json(await service.markRead(viewer, subject, id, body));
  });

  return router;
}
