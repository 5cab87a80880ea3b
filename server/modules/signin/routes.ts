import { Router } from 'express';
import { AppError } from '../../lib/app-error';
import {
  ForgotPasswordBody,
  PasskeyLoginBody,
  PasskeyRegisterBody,
  SecondFactorCodeBody,
  TotpCodeBody,
  VerifyEmailBody,
} from '../../../src/domain/schemas/signin';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { localeOf } from '../../lib/i18n/messages';
import { validateBody } from '../../lib/validate';
import { requireSuperAdmin, requireUser } from '../auth/guards';
import type { LimitStores } from '../auth/rate-limit';
import { setSessionCookie } from '../auth/session-cookie';
import { passkeyLimit, resetRequestLimits, totpCodeLimit } from './limits';
import { MAIL_NOT_SET_UP, RESET_REQUESTED, type ResetService } from './reset';
import { relyingParty, type PasskeysService } from './passkeys';
import type { SecondFactorService } from './second-factor';

export interface SigninServices {
  secondFactor: SecondFactorService;
  passkeys: PasskeysService;
  reset: ResetService;
}

/** /api/marketplace: passkeys (issue 29.8), the admins' second factor (issue 29.9) and password reset (issue 29.10). */
export function signinRoutes({ secondFactor, passkeys, reset }: SigninServices, config: Config, stores: LimitStores): Router {
  const router = Router();
  passkeyRoutes(router, passkeys, config, stores);
  secondFactorRoutes(router, secondFactor, stores);
  resetRoutes(router, reset, config, stores);
  return router;
}

/** A player's passkeys: listed, registered, removed, and signing in with one. */
function passkeyRoutes(router: Router, passkeys: PasskeysService, config: Config, stores: LimitStores) {
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
}

/** An admin's second factor: its status, setting up an authenticator, and a code checked for this session. */
function secondFactorRoutes(router: Router, secondFactor: SecondFactorService, stores: LimitStores) {
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
      const recoveryCodes = await secondFactor.checkTotp(user.id, user.username, req.sessionHash!, req.body.code, true);
      res.json({ ...(await secondFactor.status(user.id, req.sessionHash!)), recoveryCodes });
    },
  );

  router.post(
    '/second-factor/totp',
    (req, _res, next) => (requireUser(req), next()),
    codeLimit,
    validateBody(SecondFactorCodeBody),
    async (req, res) => {
      const user = req.user!;
      await secondFactor.checkTotp(user.id, user.username, req.sessionHash!, req.body.code, false);
      res.json(await secondFactor.status(user.id, req.sessionHash!));
    },
  );
}

/** Forgot password, and the verified email that lets a player use it. */
function resetRoutes(router: Router, reset: ResetService, config: Config, stores: LimitStores) {
  router.post('/forgot-password', ...resetRequestLimits(config.rateLimit, stores), validateBody(ForgotPasswordBody), (req, res) => {
    reset.requestReset(req.body.username, localeOf(req));
    res.status(202).json({ message: RESET_REQUESTED });
  });

  router.get('/email-status', async (req, res) => {
    res.json(await reset.emailStatus(requireUser(req).id));
  });

  router.post('/email-verification', async (req, res) => {
    const user = requireUser(req);
    if (!reset.mailConfigured) throw new AppError(503, MAIL_NOT_SET_UP);
    const sent = await reset.sendVerification(user.id, true, localeOf(req));
    res.status(202).json({ message: sent ? 'A link to confirm your email is on its way.' : 'There is no unverified email to confirm.' });
  });

  router.post('/verify-email', validateBody(VerifyEmailBody), async (req, res) => {
    res.json(await reset.verifyEmail(req.body.token));
  });
}

/**
 * /api/admin: the super admin's one-time reset link for a player without email (issue 29.10), and the removal of a
 * user's second factor when they lost it (their sessions end with it).
 */
export function signinAdminRoutes({
  reset,
  secondFactor,
  endSessions,
  logger,
}: {
  reset: ResetService;
  secondFactor: SecondFactorService;
  endSessions: (userId: number, reason: 'second-factor-reset') => Promise<void>;
  logger: Logger;
}): Router {
  const router = Router();
  router.post('/marketplace-users/:username/reset-link', async (req, res) => {
    const boss = requireSuperAdmin(req);
    res.status(201).json(await reset.issueResetLink(String(req.params.username), boss));
  });
  router.get('/marketplace-users/:username/second-factor', async (req, res) => {
    requireSuperAdmin(req);
    res.json(await secondFactor.factorsOf(String(req.params.username)));
  });
  router.delete('/marketplace-users/:username/second-factor', async (req, res) => {
    const boss = requireSuperAdmin(req);
    const username = String(req.params.username);
    const userId = await secondFactor.resetFor(username, boss);
    await endSessions(userId, 'second-factor-reset');
    logger.info({ username, by: boss.username }, 'second factor reset by the super admin');
    res.json({ totp: false, passkeys: 0 });
  });
  return router;
}
