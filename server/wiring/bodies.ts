import express, { type RequestHandler } from 'express';
import type { Config } from '../config';
import { photoGate } from '../lib/photo-gate';

/** Calls whose body may carry a photo (a sell photo, a handover's proof) go through the photo gate. */
const PHOTO_CALLS: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/(item-submissions|user-sell-requests)\/?$/],
  ['PATCH', /^\/api\/scheduled-pickups\/[^/]+\/complete\/?$/],
  ['PUT', /^\/api\/purchase-requests\/[^/]+\/complete\/?$/],
  ['POST', /^\/api\/conversations\/[^/]+\/[^/]+\/messages\/?$/],
  ['PATCH', /^\/api\/(scheduled-pickups|purchase-requests)\/[^/]+\/no-show\/?$/],
  // A catalogue item's photo (issue 49), and a catalogue's CSV import (up to 2 MB of text).
  ['POST', /^\/api\/admin\/catalogue\/(items|import)\/?$/],
  ['PATCH', /^\/api\/admin\/catalogue\/items\/[^/]+\/?$/],
];
/** The photo calls only admins may make (a handover's proof, a no-show's): a player is refused before taking a photo slot. */
const ADMIN_PHOTO_CALL = /^\/api\/(scheduled-pickups|purchase-requests|admin\/catalogue)\//;
/** A conversation message is mostly text: a small one never waits for a photo slot (the rule for the calls above). */
const MESSAGE_CALL = /^\/api\/conversations\/[^/]+\/[^/]+\/messages\/?$/;
/** Bodies this small go the ordinary way even on a photo call: a handover without a photo takes no photo slot. */
const SMALL_BODY_BYTES = 100 * 1024;
const isPhotoCall = (method: string, url: string) => {
  const pathname = url.split('?')[0];
  return PHOTO_CALLS.some(([m, pattern]) => m === method && pattern.test(pathname));
};
const SMALL_BODY = express.json({ limit: SMALL_BODY_BYTES });
/** A 6 MB photo as a data URL (8 M characters) plus the form's fields. */
const PHOTO_BODY_BYTES = 9 * 1024 * 1024;

/** Reads a request's JSON body: a photo call's large body through the photo gate, any other with the small limit. */
export function readBodies(config: Config): RequestHandler {
  const photos = photoGate({
    concurrency: config.photoConcurrency,
    maxBytes: PHOTO_BODY_BYTES,
    bodyTimeoutMs: config.photoBodyTimeoutMs,
    allowed: (req) => !!req.user?.isAdmin || !ADMIN_PHOTO_CALL.test(req.originalUrl),
  });
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const small =
      Number.isFinite(declared) &&
      declared <= SMALL_BODY_BYTES &&
      (req.method !== 'POST' || MESSAGE_CALL.test(req.originalUrl.split('?')[0]));
    return (isPhotoCall(req.method, req.originalUrl) && !small ? photos.handler : SMALL_BODY)(req, res, next);
  };
}
