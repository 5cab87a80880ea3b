import { Router } from 'express';
import { ChangePasswordBody, LoginBody, SignupBody } from '../../../src/domain/schemas/auth';
import type { Config } from '../../config';
import { validateBody } from '../../lib/validate';
import { requireUser } from './guards';
import { loginLimits, signupLimits, type LimitStores } from './rate-limit';
import type { AuthService } from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

/** /api/marketplace: signup, login, logout, me, change-password. */
export function authRoutes(service: AuthService, config: Config, limitStores: LimitStores = null): Router {
  const router = Router();

  router.post('/signup', ...signupLimits(config.rateLimit, limitStores), validateBody(SignupBody), async (req, res) => {
    const { user, token } = await service.signup(req.body, req.sessionHash);
    setSessionCookie(req, res, token, config.publicOrigin);
    res.status(201).json(user);
  });

  router.post('/login', ...loginLimits(config.rateLimit, limitStores), validateBody(LoginBody), async (req, res) => {
    const { user, token } = await service.login(req.body, req.sessionHash);
    setSessionCookie(req, res, token, config.publicOrigin);
    res.json(user);
  });

  router.post('/logout', async (req, res) => {
    await service.logout(req.sessionHash);
    clearSessionCookie(req, res, config.publicOrigin);
    res.status(204).end();
  });

  router.get('/me', async (req, res) => {
    const user = requireUser(req);
    res.json(await service.me(user.id));
  });

  router.put('/change-password/:username', validateBody(ChangePasswordBody), async (req, res) => {
    await service.changePassword(String(req.params.username), req.body, { user: req.user, sessionHash: req.sessionHash });
    res.json({ message: 'Password updated successfully' });
  });

  return router;
}
