import type { RequestHandler } from 'express';
import * as z from 'zod/mini';
import { AppError, type Issue } from './app-error';

/** Turns zod issues into the `{ path, message }` list every 400 answer carries, one entry per field problem. */
export function toIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses a value with a schema or throws a 400 listing every problem. */
export function parseOrThrow<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = toIssues(result.error);
  throw new AppError(400, issues[0]?.message ?? 'The request is not valid', issues);
}

/** Middleware replacing `req.body` with its parsed value; answers 400 with every issue. */
export function validateBody<T extends z.ZodMiniType>(schema: T): RequestHandler {
  return (req, _res, next) => {
    req.body = parseOrThrow(schema, req.body ?? {});
    next();
  };
}
