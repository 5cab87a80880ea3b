// Resizes a photo off the main thread: upright (EXIF orientation applied), within 1200 × 900, JPEG 0.9.
import { fitPhoto, JPEG_QUALITY } from './photo-size';
import type { ResizeRequest, ResizeResponse } from './resize-messages';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ResizeRequest>) => void) | null;
  postMessage(message: ResizeResponse): void;
};

scope.onmessage = async (event) => {
  try {
    const { file } = event.data;
    const probe = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitPhoto(probe.width, probe.height);
    probe.close();
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
