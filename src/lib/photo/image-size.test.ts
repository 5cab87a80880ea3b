import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-size';

const jpeg = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 200 } } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

describe('readImageSize', () => {
  it('when a JPEG is upright, then its size is read from the frame header', async () => {
    expect(readImageSize(await jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
  });

  it.each([
    [1, { width: 400, height: 300 }],
    [3, { width: 400, height: 300 }],
    [6, { width: 300, height: 400 }],
    [8, { width: 300, height: 400 }],
  ])('when the EXIF orientation is %i, then the upright size is %j', async (orientation, size) => {
    expect(readImageSize(await jpeg(400, 300, orientation))).toEqual(size);
  });

  it('when the picture is a PNG, then its size is read from IHDR', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    expect(readImageSize(png)).toEqual({ width: 640, height: 480 });
  });

  it('when the bytes are not an image or are cut short, then the size is unknown', async () => {
    expect(readImageSize(new TextEncoder().encode('hello, not a picture'))).toBeNull();
    expect(readImageSize((await jpeg(400, 300)).subarray(0, 20))).toBeNull();
  });
});
