import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

/** Largest photo accepted, in decoded bytes; the pixel count has its own cap below. */
export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
/** Largest pixel count decoded; bigger pictures are refused before they are fully read. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_MAX_WIDTH = 1200;
export const IMAGE_MAX_HEIGHT = 900;
export const THUMBNAIL_SIZE = 320;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The real type of an image by its first bytes, whatever its data URL claims. */
export function sniffImageType(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Decodes a base64 data URL's bytes; 413 above the byte cap, 415 when it is not a data URL. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64')) {
    throw new AppError(415, 'The photo must be a JPEG, PNG or WebP image');
  }
  const base64 = dataUrl.slice(comma + 1);
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 3) throw new AppError(413, 'The photo is too large (at most 6 MB)');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(413, 'The photo is too large (at most 6 MB)');
  return bytes;
}

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
}

/**
 * Checks a photo by its bytes and re-encodes it: upright (EXIF orientation applied), within 1200×900, JPEG,
 * with no metadata (sharp writes none unless asked), plus a small thumbnail.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (!sniffImageType(bytes)) throw new AppError(415, 'The photo must be a JPEG, PNG or WebP image');
  try {
    const upright = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    const thumbnail = await sharp(upright)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { image: upright, thumbnail };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new AppError(413, 'The photo has too many pixels');
    throw new AppError(415, 'The photo could not be read. Please use a JPEG, PNG or WebP image');
  }
}
