// Resizes a photo off the main thread: upright (EXIF orientation applied), within 1200 × 900, JPEG 0.9.
import { readImageSize } from './image-size';
import { fitPhoto, JPEG_QUALITY } from './photo-size';
import type { ResizeRequest, ResizeResponse } from './resize-messages';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ResizeRequest>) => void) | null;
  postMessage(message: ResizeResponse): void;
};

/** Camera JPEGs keep EXIF (up to 64 KB, with a thumbnail) before the frame header. */
const HEADER_BYTES = 256 * 1024;

scope.onmessage = async (event) => {
  try {
    const { file } = event.data;
    // The size from the header lets the decoder scale while decoding (one fast pass); unknown formats are probed.
    let upright = readImageSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
    if (!upright) {
      const probe = await createImageBitmap(file, { imageOrientation: 'from-image' });
      upright = { width: probe.width, height: probe.height };
      probe.close();
    }
    const size = fitPhoto(upright.width, upright.height);
    const bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'high',
    });
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context in the worker');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    scope.postMessage({ ok: true, blob, width: size.width, height: size.height });
  } catch (error) {
    scope.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
