import { Router } from 'express';
import { forbidden, notFound } from '../../lib/app-error';
import { requireUser } from '../auth/guards';
import { STORED_IMAGE_NAME, type ImageStore } from './store';

/** GET /api/images/{file}: only its owner and admins; the name never changes, so it is cached for good. */
export function imageRoutes(store: ImageStore, ownerOfImage: (file: string) => Promise<{ ownerId: number | null } | undefined>): Router {
  const router = Router();
  router.get('/images/:file', async (req, res, next) => {
    const user = requireUser(req);
    const file = String(req.params.file);
    const owner = STORED_IMAGE_NAME.test(file) ? await ownerOfImage(file) : undefined;
    if (!owner) throw notFound('There is no such photo');
    if (!user.isAdmin && owner.ownerId !== user.id) throw forbidden('You may only see your own photos');
    await store.send(res, file, () => next(notFound('There is no such photo')));
  });
  return router;
}
