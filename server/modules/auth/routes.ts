import { Router, type Request, type Response } from 'express';
import { ChangePasswordBody, LoginBody, SignupBody } from '../../../src/domain/schemas/auth';
import type { Config } from '../../config';
import { validateBody } from '../../lib/validate';
import { requireUser } from './guards';
import type { DeviceCookies } from './device-cookie';
import { loginLimits, passwordBudget, readKnownDevice, signupLimits, type LimitStores } from './rate-limit';
import type { AuthService } from './service';
import { clearSessionCookie, isHttps, setSessionCookie } from './session-cookie';

/** /api/marketplace: signup, login, logout, me, change-password. */
export function authRoutes(service: AuthService, config: Config, devices: DeviceCookies, limitStores: LimitStores = null): Router {
  const router = Router();
  // One budget for login and change-password's current password (issue 29.2).
  const budget = passwordBudget(config.rateLimit, limitStores);
  const knownDevice = readKnownDevice(devices);
  const rememberDevice = (req: Request, res: Response, username: string) =>
    devices.issue(req, res, username, isHttps(req, config.publicOrigin));

  router.post('/signup', ...signupLimits(config.rateLimit, limitStores), validateBody(SignupBody), async (req, res) => {
    const { user, token } = await service.signup(req.body, req.sessionHash);
    setSessionCookie(req, res, token, config.publicOrigin);
    await rememberDevice(req, res, user.username);
    res.status(201).json(user);
  });

  router.post('/login', knownDevice, ...loginLimits(config.rateLimit, limitStores, budget), validateBody(LoginBody), async (req, res) => {
    const { user, token } = await service.login(req.body, req.sessionHash, !!req.knownDevice);
    setSessionCookie(req, res, token, config.publicOrigin);
    await rememberDevice(req, res, user.username);
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

  router.put('/change-password/:username', knownDevice, budget, validateBody(ChangePasswordBody), async (req, res) => {
    await service.changePassword(String(req.params.username), req.body, { user: req.user, sessionHash: req.sessionHash });
    res.json({ message: 'Password updated successfully' });
  });

  return router;
}
