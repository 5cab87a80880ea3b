import { fitPhoto, JPEG_QUALITY } from './photo-size';
import type { ResizeResponse } from './resize-messages';

export interface ResizedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** How long the worker may take before the main thread tries instead. */
const WORKER_TIMEOUT_MS = 20_000;

function canUseWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

// One worker, started when the sell screen loads and kept: starting a module worker per photo cost ~100 ms of the
// 250 ms budget on a slow phone. Requests are answered in order, one at a time.
let worker: Worker | null = null;

function getWorker(): Worker {
  worker ??= new Worker(new URL('./resize-worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/** Starts the resize worker ahead of the first photo, where workers exist. */
export function prewarmPhotoWorker(): void {
  if (canUseWorker()) getWorker();
}

let queue: Promise<unknown> = Promise.resolve();

function resizeInWorker(file: Blob): Promise<ResizedPhoto> {
  const run = () =>
    new Promise<ResizedPhoto>((resolve, reject) => {
      const current = getWorker();
      const timer = setTimeout(() => finish(() => reject(new Error('The photo worker timed out')), true), WORKER_TIMEOUT_MS);
      function finish(settle: () => void, broken = false) {
        clearTimeout(timer);
        current.onmessage = null;
        current.onerror = null;
        if (broken) {
          // A stuck or crashed worker is replaced for the next photo.
          current.terminate();
          if (worker === current) worker = null;
        }
        settle();
      }
      current.onmessage = (event: MessageEvent<ResizeResponse>) => {
        const answer = event.data;
        finish(() =>
          answer.ok ? resolve({ blob: answer.blob, width: answer.width, height: answer.height }) : reject(new Error(answer.error)),
        );
      };
      current.onerror = (event) => finish(() => reject(new Error(event.message || 'The photo worker failed')), true);
      current.postMessage({ file });
    });
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

async function decodeOnMainThread(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; release: () => void }> {
  if (typeof createImageBitmap !== 'undefined') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  // Older browsers: an <img> applies the EXIF orientation itself (image-orientation: from-image is the default).
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) };
}

async function resizeOnMainThread(file: Blob): Promise<ResizedPhoto> {
  const decoded = await decodeOnMainThread(file);
  try {
    const size = fitPhoto(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('Could not encode the photo'))), 'image/jpeg', JPEG_QUALITY),
    );
    return { blob, ...size };
  } finally {
    decoded.release();
  }
}

/**
 * Scales a chosen photo to fit 1200 wide (landscape) or 900 tall (portrait), upright, as JPEG 0.9.
 * Done in a Web Worker with OffscreenCanvas where the browser allows, else on the main thread.
 */
export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  if (canUseWorker()) {
    try {
      return await resizeInWorker(file);
    } catch (error) {
      console.warn('Resizing in a worker failed; trying on the main thread', error);
    }
  }
  return resizeOnMainThread(file);
}
