import { Router } from 'express';
import { AdminStatusBody, ContactBody } from '../../../src/domain/schemas/users';
import type { Locale } from '../../../src/domain/locale';
import { localeOf } from '../../lib/i18n/messages';
import { validateBody } from '../../lib/validate';
import { requireAdmin, requireSelf, requireSelfOrAdmin, requireSuperAdmin } from '../auth/guards';
import type { UsersService } from './service';

/**
 * /api/marketplace/contact/{username} and /api/marketplace/contacts (admins: every player's); `onSaved` runs after a
 * save, with the request's language (a changed email is mailed a verification link).
 */
export function contactRoutes(service: UsersService, onSaved?: (userId: number, asked: Locale) => void): Router {
  const router = Router();
  router.get('/contacts', async (req, res) => {
    requireAdmin(req);
    res.json(await service.contacts());
  });
  router.get('/contact/:username', async (req, res) => {
    requireSelfOrAdmin(req, String(req.params.username));
    res.json(await service.contact(String(req.params.username)));
  });
  router.put(
    '/contact/:username',
    (req, _res, next) => {
      requireSelf(req, String(req.params.username));
      next();
    },
    validateBody(ContactBody),
    async (req, res) => {
      res.json(await service.updateContact(req.user!.id, req.body));
      onSaved?.(req.user!.id, localeOf(req));
    },
  );
  return router;
}

/** /api/admin: the super admin's user management and statistics. */
export function adminRoutes(service: UsersService): Router {
  const router = Router();
  router.use((req, _res, next) => {
    requireSuperAdmin(req);
    next();
  });
  router.get('/marketplace-users', async (_req, res) => {
    res.json(await service.list());
  });
  router.post('/marketplace-users/:username/admin-status', validateBody(AdminStatusBody), async (req, res) => {
    res.json(await service.setAdmin(String(req.params.username), req.body.isAdmin, req.user!));
  });
  router.get('/marketplace-users/:username', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await service.detail(String(req.params.username)));
  });
  router.get('/marketplace-users/:username/deletion', async (req, res) => {
    res.json(await service.deletionPreview(String(req.params.username)));
  });
  router.delete('/marketplace-users/:username', async (req, res) => {
    await service.remove(String(req.params.username), req.user!);
    res.status(204).end();
  });
  router.get('/stats', async (_req, res) => {
    res.json(await service.stats());
  });
  return router;
}
