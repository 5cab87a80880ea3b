import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'bm_session';
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and after this long in any case. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether cookies must be marked Secure: the request came over HTTPS, or the public origin is HTTPS. */
export function isHttps(req: Request, publicOrigin?: string): boolean {
  return req.secure || (publicOrigin?.startsWith('https:') ?? false);
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure under HTTPS. */
export function setSessionCookie(req: Request, res: Response, token: string, publicOrigin?: string) {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req, publicOrigin),
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response, publicOrigin?: string) {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: isHttps(req, publicOrigin), path: '/' });
}
