import type { RequestHandler } from 'express';
import { badRequest } from './app-error';

/** No call of ours takes a body nested deeper than this; the catalogue lines of a purchase are four levels. */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value, walked without recursion so a hostile body cannot overflow the stack. */
export function jsonDepth(value: unknown, stopAt = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAt) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** Refuses a JSON body nested deeper than `maxDepth` with 400, before anything hashes or walks it recursively. */
export function refuseDeepJson(maxDepth: number): RequestHandler {
  return (req, _res, next) => {
    if (req.body !== null && typeof req.body === 'object' && jsonDepth(req.body, maxDepth) > maxDepth) {
      return next(badRequest(`The request body is nested too deeply (at most ${maxDepth} levels)`));
    }
    next();
  };
}
