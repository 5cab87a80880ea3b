import { Router } from 'express';
import { PasskeyLoginBody, PasskeyRegisterBody, TotpCodeBody } from '../../../src/domain/schemas/signin';
import type { Config } from '../../config';
import { validateBody } from '../../lib/validate';
import { requireUser } from '../auth/guards';
import type { LimitStores } from '../auth/rate-limit';
import { setSessionCookie } from '../auth/session-cookie';
import { passkeyLimit, totpCodeLimit } from './limits';
import { relyingParty, type PasskeysService } from './passkeys';
import type { SecondFactorService } from './second-factor';

export interface SigninServices {
  secondFactor: SecondFactorService;
  passkeys: PasskeysService;
}

/** /api/marketplace: passkeys (issue 29.8) and the admins' second factor (issue 29.9). */
export function signinRoutes({ secondFactor, passkeys }: SigninServices, config: Config, stores: LimitStores): Router {
  const router = Router();
  const codeLimit = totpCodeLimit(stores);
  const ceremonyLimit = passkeyLimit(config.rateLimit, stores);
  const rp = (req: Parameters<typeof relyingParty>[0]) => relyingParty(req, config.publicOrigin);

  router.get('/passkeys', async (req, res) => {
    res.json(await passkeys.list(requireUser(req).id));
  });

  router.post('/passkeys/register-options', ...ceremonyLimit, async (req, res) => {
    res.json(await passkeys.registrationOptions(requireUser(req).id, req.sessionHash!, rp(req)));
  });

  router.post(
    '/passkeys',
    (req, _res, next) => (requireUser(req), next()),
    validateBody(PasskeyRegisterBody),
    async (req, res) => {
      res.status(201).json(await passkeys.register(req.user!.id, req.sessionHash!, req.body, rp(req), req.get('user-agent')));
    },
  );

  router.delete('/passkeys/:id', async (req, res) => {
    res.json(await passkeys.remove(requireUser(req).id, req.sessionHash!, String(req.params.id)));
  });

  router.post('/passkeys/login-options', ...ceremonyLimit, async (req, res) => {
    res.json(await passkeys.loginOptions(rp(req)));
  });

  router.post('/passkeys/login', ...ceremonyLimit, validateBody(PasskeyLoginBody), async (req, res) => {
    const { user, token } = await passkeys.login(req.body, rp(req), req.sessionHash);
    setSessionCookie(req, res, token, config.publicOrigin);
    res.json(user);
  });

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
