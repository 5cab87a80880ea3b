import { describe, expect, it } from 'vitest';
import { fitPhoto } from './photo-size';

describe('fitPhoto', () => {
  it('when a landscape photo is large, then it is scaled to 1200 wide', () => {
    expect(fitPhoto(3000, 2000)).toEqual({ width: 1200, height: 800 });
    expect(fitPhoto(4032, 3024)).toEqual({ width: 1200, height: 900 });
  });

  it('when a portrait photo is large, then it is scaled to 900 tall', () => {
    expect(fitPhoto(3024, 4032)).toEqual({ width: 675, height: 900 });
    expect(fitPhoto(1080, 2400)).toEqual({ width: 405, height: 900 });
  });

  it('when a landscape photo is nearly square, then it still fits 900 tall', () => {
    expect(fitPhoto(2000, 1900)).toEqual({ width: 947, height: 900 });
  });

  it('when the photo is already small, then it is never enlarged', () => {
    expect(fitPhoto(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('when the image has no size, then it throws', () => {
    expect(() => fitPhoto(0, 10)).toThrow();
  });
});
