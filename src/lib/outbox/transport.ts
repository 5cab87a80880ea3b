// How queued items reach the server: the POST the features' senders (senders.ts) make their calls with. No
// DOM-only APIs: the page and the service worker share it.

/** An answer to a POST: the body on 2xx; otherwise the status (0: no answer at all) and the server's message. */
export type PostOutcome<T = unknown> =
  { ok: true; status: number; data: T } | { ok: false; status: number; message: string | null; error?: unknown };

/** Posts JSON with an Idempotency-Key and never throws for HTTP or network failures. */
export type PostFn = (path: string, body: unknown, idempotencyKey: string) => Promise<PostOutcome>;

/** A send with one bar of signal may hang; past this it counts as no answer and the item waits (the lock is freed). */
export const POST_TIMEOUT_MS = 90_000;

/** An abort signal after `ms`, where the runtime has AbortSignal.timeout. */
export const timeoutSignal = (ms: number): AbortSignal | undefined =>
  typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;

/** The plain fetch transport of the drain: a 401 is only reported (the caller marks the item), never redirects. */
export const fetchPost: PostFn = async (path, body, idempotencyKey) => {
  let response: Response;
  const signal = timeoutSignal(POST_TIMEOUT_MS);
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      signal,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, status: 0, message: null, error };
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    // The body was cut off or is not JSON: for a 2xx we cannot know what was created, so ask again later
    // (the same key makes the server answer the first result).
    if (response.ok) return { ok: false, status: 0, message: null, error };
  }
  if (response.ok) return { ok: true, status: response.status, data };
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  return { ok: false, status: response.status, message };
};

/** Reads a Blob as a data URL without FileReader (absent in service workers). */
export async function photoToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}
