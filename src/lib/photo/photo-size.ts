/** Largest photo sent: 1200 wide for landscape, 900 tall for portrait. */
export const MAX_PHOTO_WIDTH = 1200;
export const MAX_PHOTO_HEIGHT = 900;
export const JPEG_QUALITY = 0.9;

/** The size a width × height photo is scaled to: within 1200 × 900, never enlarged, aspect kept. */
export function fitPhoto(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new Error('The image has no size');
  const scale = Math.min(1, MAX_PHOTO_WIDTH / width, MAX_PHOTO_HEIGHT / height);
  return {
    width: Math.min(MAX_PHOTO_WIDTH, Math.max(1, Math.round(width * scale))),
    height: Math.min(MAX_PHOTO_HEIGHT, Math.max(1, Math.round(height * scale))),
  };
}
