import { Router } from 'express';
import { TotpCodeBody } from '../../../src/domain/schemas/signin';
import type { Config } from '../../config';
import { validateBody } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { LimitStores } from '../auth/rate-limit';
import { totpCodeLimit } from './limits';
import type { SecondFactorService } from './second-factor';

export interface SigninServices {
  secondFactor: SecondFactorService;
}

/** /api/marketplace: the admins' second factor (issue 29.9). */
export function signinRoutes({ secondFactor }: SigninServices, _config: Config, stores: LimitStores): Router {
  const router = Router();
  const codeLimit = totpCodeLimit(stores);

  router.get('/second-factor', async (req, res) => {
    const user = requireUser(req);
    res.json(await secondFactor.status(user.id, req.sessionHash!));
  });

  router.post('/second-factor/totp/setup', async (req, res) => {
    const user = requireUser(req);
    res.json(await secondFactor.startTotp(user.id, user.username, req.sessionHash!));
  });

  router.post(
    '/second-factor/totp/confirm',
    (req, _res, next) => (requireUser(req), next()),
    codeLimit,
    validateBody(TotpCodeBody),
    async (req, res) => {
      const user = req.user!;
      await secondFactor.checkTotp(user.id, user.username, req.sessionHash!, req.body.code, true);
      res.json(await secondFactor.status(user.id, req.sessionHash!));
    },
  );

  router.post(
    '/second-factor/totp',
    (req, _res, next) => (requireUser(req), next()),
    codeLimit,
    validateBody(TotpCodeBody),
    async (req, res) => {
      const user = req.user!;
      await secondFactor.checkTotp(user.id, user.username, req.sessionHash!, req.body.code, false);
      res.json(await secondFactor.status(user.id, req.sessionHash!));
    },
  );

  return router;
}
