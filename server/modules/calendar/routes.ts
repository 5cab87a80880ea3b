import { Router } from 'express';
import * as z from 'zod/mini';
import { IdParam } from '../../../src/domain/schemas/common';
import { parseOrThrow } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { CalendarService } from './service';

const Kind = z.enum(['purchase-request', 'pickup'], { error: "The calendar is of a 'purchase-request' or a 'pickup'" });

/** GET /api/calendar/{purchase-request|pickup}/{id}.ics: the promised time as a calendar event. */
export function calendarRoutes(service: CalendarService): Router {
  const router = Router();
  router.get('/calendar/:kind/:file', async (req, res) => {
    const viewer = requireUser(req);
    const kind = parseOrThrow(Kind, req.params.kind);
    const id = parseOrThrow(IdParam, String(req.params.file).replace(/\.ics$/, ''));
    const file = await service.file(viewer, kind, id);
    res.type('text/calendar; charset=utf-8').set('Content-Disposition', `attachment; filename="${file.filename}"`).send(file.text);
  });
  return router;
}
