// How queued items reach the server: the POST the features' senders (senders.ts) make their calls with. No
// DOM-only APIs: the page and the service worker share it.
import { request, type RequestResult } from '../api/request';

/** Posts JSON with an Idempotency-Key; answers what request() answers (never throws for HTTP or network failures). */
export type PostFn = (path: string, body: unknown, idempotencyKey: string) => Promise<RequestResult>;

/** A send with one bar of signal may hang; past this it counts as no answer and the item waits (the lock is freed). */
export const POST_TIMEOUT_MS = 90_000;

/** The drain's transport: a 401 is only reported (the drain marks the item needs-login), never signs out. */
export const drainPost: PostFn = (path, body, idempotencyKey) =>
  request(path, { method: 'POST', body, idempotencyKey, handle401: false, noStore: true, timeoutMs: POST_TIMEOUT_MS });

/** The page's transport for a first send: a 401 signs the player out as everywhere else. */
export const pagePost: PostFn = (path, body, idempotencyKey) => request(path, { method: 'POST', body, idempotencyKey });

/** Reads a Blob as a data URL without FileReader (absent in service workers). */
export async function photoToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}
