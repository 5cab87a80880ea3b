import { describe, expect, it } from 'vitest';
import { MAX_PROOF_FILE_BYTES, proofPhotoProblem } from './proof-photo';

describe('proofPhotoProblem', () => {
  it('when the file is a JPEG of a usual size, then there is no problem', () => {
    expect(proofPhotoProblem({ name: 'IMG_0001.jpg', type: 'image/jpeg', size: 4_000_000 })).toBeNull();
  });

  it('when the file is not an image, then it says so and what to choose', () => {
    expect(proofPhotoProblem({ name: 'receipt.pdf', type: 'application/pdf', size: 1000 })).toBe(
      '“receipt.pdf” is not a photo. Choose a JPEG, PNG or WebP image.',
    );
  });

  it('when the file has no type, then its name decides', () => {
    expect(proofPhotoProblem({ name: 'photo.HEIC', type: '', size: 1000 })).toBeNull();
    expect(proofPhotoProblem({ name: 'notes.txt', type: '', size: 1000 })).toMatch(/is not a photo/);
  });

  it('when the file is over the limit, then it says how large it is and the limit', () => {
    expect(proofPhotoProblem({ name: 'big.jpg', type: 'image/jpeg', size: MAX_PROOF_FILE_BYTES + 1 })).toBe(
      'That photo is too large (30 MB). Choose one under 30 MB.',
    );
    expect(proofPhotoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 45 * 1024 * 1024 })).toBe(
      'That photo is too large (45 MB). Choose one under 30 MB.',
    );
  });

  it('when the file is empty, then it asks for the photo again', () => {
    expect(proofPhotoProblem({ name: 'x.jpg', type: 'image/jpeg', size: 0 })).toBe('“x.jpg” is empty. Take the photo again.');
  });
});
