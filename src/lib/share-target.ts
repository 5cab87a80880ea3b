// Share a screenshot straight to Sell: the manifest's share_target posts the shared image (multipart) to
// SHARE_TARGET_PATH; the service worker keeps the file in IndexedDB and sends the browser to Sell, which takes it.
// The worker answers without the network, so a share works offline too. Where the browser has no share target
// (iOS), nothing here runs and Sell's photo picker is as it was.
import { kvDelete, kvGet, kvSet } from './db';

/** Where the browser posts a share (manifest.webmanifest `share_target.action`). */
export const SHARE_TARGET_PATH = '/share-target';
/** The multipart field of the shared files (manifest `share_target.params.files[0].name`). */
export const SHARE_FILE_FIELD = 'photo';
/** Where the worker sends the browser after keeping the file. */
export const SHARE_LANDING = '/sell?shared=1';
/** Where a share from another site is sent: Sell as it is, with nothing of theirs attached. */
export const REFUSED_SHARE_LANDING = '/sell';

/** Who opened the share: nobody (the share sheet), a page of this app, or a page the worker cannot see (another site's). */
export type ShareInitiator = 'none' | 'this-app' | 'other';

/**
 * Worker: whether a POST to the share target comes from another site (issue 45.9: any site could post a form there
 * and open Sell with its picture attached). Its `Origin` says so when it names another origin. A page that hides its
 * origin (`Referrer-Policy: no-referrer`) sends `Origin: null`, as the share sheet may: then the page behind the
 * navigation decides — none, or one of ours, is a share; one the worker cannot see is another site's. (A worker does
 * not see `Sec-Fetch-Site`: the network adds it after the worker.)
 */
export function isForeignShare(
  { origin, referrer }: { origin: string | null; referrer: string },
  ownOrigin: string,
  initiator: ShareInitiator,
): boolean {
  if (origin !== null && origin !== 'null') return origin !== ownOrigin;
  if (referrer && new URL(referrer).origin !== ownOrigin) return true;
  return initiator === 'other';
}

/** kv key of the shared photo waiting for the Sell screen (one at a time: the newest share wins). */
export const SHARED_PHOTO_KEY = 'share:photo';

export interface SharedPhoto {
  blob: Blob;
  name: string;
  sharedAt: string;
}

/** Worker: reads a share's form and keeps its first image. Answers whether one was kept. */
export async function keepSharedPhoto(form: FormData, now = new Date()): Promise<boolean> {
  const image = form.getAll(SHARE_FILE_FIELD).find((entry): entry is File => typeof entry !== 'string' && entry.type.startsWith('image/'));
  if (!image) return false;
  // A Blob copy: some engines' Files from a form do not survive a structured clone into IndexedDB as Files.
  const blob = new Blob([await image.arrayBuffer()], { type: image.type });
  await kvSet(SHARED_PHOTO_KEY, { blob, name: image.name, sharedAt: now.toISOString() } satisfies SharedPhoto);
  return true;
}

/** Page: the shared photo waiting for Sell, if any (still kept until `forgetSharedPhoto`). */
export async function peekSharedPhoto(): Promise<SharedPhoto | null> {
  try {
    const kept = await kvGet<SharedPhoto>(SHARED_PHOTO_KEY);
    return kept && kept.blob instanceof Blob ? kept : null;
  } catch {
    return null;
  }
}

/** Page: the photo has been taken (attached to the form). */
export async function forgetSharedPhoto(): Promise<void> {
  await kvDelete(SHARED_PHOTO_KEY).catch(() => undefined);
}
