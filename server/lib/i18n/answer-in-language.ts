import type { RequestHandler } from 'express';
import { localeOf, translate } from './messages';

interface ErrorBody {
  message?: unknown;
  issues?: { path: string; message: string }[];
}

/**
 * Every error the API answers, in the reader's language (DESIGN.md §15): the session user's saved one, else the
 * request's Accept-Language. Installed first on /api, it rewrites the `message` (and each issue's) of any answer of
 * status 400 or more as it is sent — from the error handler, a rate limit or a route — so no service changes. A
 * success that is only a message (`{ message }`: a reset link on its way, a password updated) is a text for a person
 * too; any other success is data (a chat message's words are the player's own) and is never touched.
 */
export function answerInReadersLanguage(): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!body || typeof body !== 'object' || typeof (body as ErrorBody).message !== 'string') return json(body);
      if (res.statusCode < 400 && Object.keys(body).length !== 1) return json(body);
      const locale = localeOf(req);
      res.setHeader('Content-Language', locale);
      res.vary('Accept-Language');
      if (locale === 'en') return json(body);
      const { message, issues } = body as ErrorBody;
      return json({
        ...body,
        message: translate(message as string, locale),
        ...(Array.isArray(issues) ? { issues: issues.map((issue) => ({ ...issue, message: translate(issue.message, locale) })) } : {}),
      });
    };
    next();
  };
}
