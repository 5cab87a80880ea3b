/** Page → worker: the chosen file. */
export interface ResizeRequest {
  file: Blob;
}

/** Worker → page: the resized JPEG, or why it could not be made (then the page tries on the main thread). */
export type ResizeResponse = { ok: true; blob: Blob; width: number; height: number } | { ok: false; error: string };
