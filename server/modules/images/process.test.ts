import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { decodeDataUrl, MAX_IMAGE_BYTES, processImage, sniffImageType } from './process';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#336699' } });

describe('sniffImageType', () => {
  it('when given JPEG, PNG and WebP bytes, then it names each by its magic bytes', async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
  });

  it.each([
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['HTML', Buffer.from('<svg onload=alert(1)>')],
    ['empty', Buffer.alloc(0)],
    ['RIFF that is not WebP', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
  ])('when given %s, then it answers null', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe('decodeDataUrl', () => {
  it('when the data URL is not base64, then it is a 415', () => {
    expect(() => decodeDataUrl('data:image/jpeg,abc')).toThrow(expect.objectContaining({ status: 415 }));
  });

  it('when the decoded bytes exceed the cap, then it is a 413', () => {
    const big = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8)}`;
    expect(() => decodeDataUrl(big)).toThrow(expect.objectContaining({ status: 413 }));
  });
});

describe('processImage', () => {
  it('when the picture is large, then it fits within 1200×900 and the thumbnail within 320', async () => {
    const { image, thumbnail } = await processImage(await solid(2400, 2400).png().toBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 900, height: 900 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 320, height: 320 });
  });

  it('when the picture is small, then it is not enlarged', async () => {
    const { image } = await processImage(await solid(100, 50).jpeg().toBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ width: 100, height: 50 });
  });

  it('when the picture has too many pixels, then it is a 413 before decoding it all', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(processImage(huge)).rejects.toMatchObject({ status: 413 });
  });

  it('when the bytes are truncated, then it is a 415', async () => {
    const bytes = await solid(200, 200).jpeg().toBuffer();
    const error = await processImage(bytes.subarray(0, 100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});
