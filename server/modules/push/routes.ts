import { Router, type RequestHandler } from 'express';
import { PushSubscriptionBody, PushUnsubscribeBody } from '../../../src/domain/push';
import { validateBody } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { PushService } from './service';

/** /api/push: the public key, and the caller's devices. */
export function pushRoutes(service: PushService): Router {
  const router = Router();
  router.get('/push/public-key', (_req, res) => {
    res.json({ publicKey: service.publicKey() });
  });
  // Signed in first, so a visitor is told to log in rather than what is wrong with the body.
  const signedIn: RequestHandler = (req, _res, next) => {
    requireUser(req);
    next();
  };
  router.post('/push/subscriptions', signedIn, validateBody(PushSubscriptionBody), async (req, res) => {
    const user = requireUser(req);
    const body = req.body as PushSubscriptionBody;
    await service.subscribe(user, req.sessionHash, body);
    res.status(201).json({ endpoint: body.endpoint });
  });
  router.delete('/push/subscriptions', signedIn, validateBody(PushUnsubscribeBody), async (req, res) => {
    const user = requireUser(req);
    await service.unsubscribe(user, (req.body as PushUnsubscribeBody).endpoint);
    // Gone either way: deleting a device that is not (or no longer) there is not an error.
    res.status(204).end();
  });
  return router;
}
