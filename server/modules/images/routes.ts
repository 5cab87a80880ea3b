import { Router } from 'express';
import { notFound } from '../../lib/app-error';
import { requireUser } from '../auth/guards';
import type { ImagesService } from './service';
import type { ImageStore } from './store';

/** GET /api/images/{file}: only its owner and admins, checked at every request (the browser's cache is shared by whoever signs in). */
export function imageRoutes(store: ImageStore, service: ImagesService): Router {
  const router = Router();
  router.get('/images/:file', async (req, res, next) => {
    const file = String(req.params.file);
    await service.requireVisible(requireUser(req), file);
    await store.send(res, file, () => next(notFound('There is no such photo')));
  });
  return router;
}
