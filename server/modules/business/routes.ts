import { Router } from 'express';
import { EXPORT_KINDS, type ExportKind } from '../../../src/domain/schemas/business';
import { notFound } from '../../lib/app-error';
import { requireSuperAdmin } from '../auth/guards';
import type { BusinessService } from './service';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** /api/admin/dashboard, /api/admin/export/{kind}.csv and /api/admin/audit: the super admin only. */
export function businessRoutes(service: BusinessService): Router {
  const router = Router();
  router.use((req, _res, next) => {
    requireSuperAdmin(req);
    next();
  });
  router.get('/dashboard', async (_req, res) => {
    res.json(await service.dashboard());
  });
  router.get('/export/:file', async (req, res) => {
    const kind = String(req.params.file).replace(/\.csv$/, '');
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw notFound(`There is no export named '${kind}'`);
    const { filename, body } = await service.exportCsv(kind as ExportKind, text(req.query.from), text(req.query.to));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    // A byte-order mark: spreadsheets then read the names (× and accents) as UTF-8.
    res.send(`\ufeff${body}`);
  });
  router.get('/audit', async (req, res) => {
    res.json(
      await service.audit({
        subjectType: text(req.query.subjectType),
        actor: text(req.query.actor),
        to: text(req.query.to),
        from: text(req.query.from),
        until: text(req.query.until),
        before: text(req.query.before),
      }),
    );
  });
  return router;
}

/** GET /api/store: what the admin forms need to know of the store — the time zone their times are read in. */
export function storeRoutes(settings: { storeTimeZone: string }): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json({ timeZone: settings.storeTimeZone });
  });
  return router;
}
