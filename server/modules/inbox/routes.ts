import { Router, type RequestHandler } from 'express';
import { InboxReadBody } from '../../../src/domain/schemas/inbox';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { validateBody } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { InboxRepository } from './repository';

/** /api/inbox: what the app told the session user, and marking it read. */
export function inboxRoutes(tx: Tx, repository: InboxRepository): Router {
  const router = Router();
  // Signed in first, so a visitor is told to log in rather than what is wrong with the body.
  const signedIn: RequestHandler = (req, _res, next) => {
    requireUser(req);
    next();
  };
  router.get('/inbox', async (req, res) => {
    const user = requireUser(req);
    res.json(await repository.list(tx, user.id));
  });
  router.post('/inbox/read', signedIn, validateBody(InboxReadBody), async (req, res) => {
    const user = requireUser(req);
    await repository.markRead(tx, user.id, (req.body as InboxReadBody).upTo, nowIso());
    res.json(await repository.list(tx, user.id));
  });
  return router;
}
