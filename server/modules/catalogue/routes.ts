import { Router } from 'express';
import * as z from 'zod/mini';
import { CreateCatalogueItemBody, UpdateCatalogueItemBody } from '../../../src/domain/schemas/catalogue';
import { CatalogueImportBody } from '../../../src/domain/schemas/catalogue-csv';
import { parseOrThrow } from '../../lib/validate';
import { requireAdmin, requireSuperAdmin, requireUser } from '../auth/guards';
import { refuseOversizedPhoto } from '../images/oversized';
import type { CatalogueCsv } from './csv';
import type { CatalogueService } from './service';

/** An item's id in a path: the seeded ids and the new ones are lower-case words joined by dashes. */
const ItemId = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,159}$/, 'There is no catalogue item with that id'));

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or '*'). */
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/**
 * /api/catalogue (signed in: players see active items, admins all; ETag, If-None-Match → 304), the value card, and
 * /api/admin/catalogue/… (admins: stock and status, the history, the export; the super admin: anything, the import).
 * Mounted before the other /admin routers, whose guards are the super admin's.
 */
export function catalogueRoutes(service: CatalogueService, csv: CatalogueCsv): Router {
  const router = Router();

  router.get('/catalogue', async (req, res) => {
    const viewer = requireUser(req);
    const { etag, body } = await service.read(viewer);
    // Revalidated each time (the ETag makes that a 304), never kept by a shared cache: players and admins differ.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Cookie');
    if (matches(req.get('If-None-Match'), etag)) return void res.status(304).end();
    res.json(await body());
  });

  router.get('/catalogue/items/:id/prices', async (req, res) => {
    const viewer = requireUser(req);
    res.json(await service.prices(viewer, parseOrThrow(ItemId, req.params.id)));
  });

  router.post('/admin/catalogue/items', async (req, res) => {
    const actor = requireSuperAdmin(req);
    refuseOversizedPhoto(req.body?.photo);
    const body = parseOrThrow(CreateCatalogueItemBody, req.body ?? {});
    const created = await service.create(actor, body, req.idempotency ?? null);
    res.status(created.status).json(created.body);
  });

  router.patch('/admin/catalogue/items/:id', async (req, res) => {
    const actor = requireAdmin(req);
    const id = parseOrThrow(ItemId, req.params.id);
    refuseOversizedPhoto(req.body?.photo);
    const body = parseOrThrow(UpdateCatalogueItemBody, req.body ?? {});
    res.json(await service.update(actor, id, body));
  });

  router.get('/admin/catalogue/items/:id/history', async (req, res) => {
    requireAdmin(req);
    res.json(await service.history(parseOrThrow(ItemId, req.params.id)));
  });

  router.get('/admin/catalogue/export.csv', async (req, res) => {
    requireAdmin(req);
    const body = await csv.exportCsv();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="catalogue.csv"');
    // A byte-order mark: spreadsheets then read the names as UTF-8 (the import skips it).
    res.send(`\ufeff${body}`);
  });

  router.post('/admin/catalogue/import', async (req, res) => {
    const actor = requireSuperAdmin(req);
    const body = parseOrThrow(CatalogueImportBody, req.body ?? {});
    const result = await csv.importCsv(actor, body);
    res.status(result.status).json(result.body);
  });

  return router;
}
