import { MAX_IMAGE_DATA_URL_LENGTH } from '../../../src/domain/schemas/submissions';
import { AppError } from '../../lib/app-error';

/** An oversized photo is a 413, not a field error: checked before the body's schema. */
export function refuseOversizedPhoto(photo: unknown) {
  if (typeof photo === 'string' && photo.length > MAX_IMAGE_DATA_URL_LENGTH)
    throw new AppError(413, 'The photo is too large (at most 6 MB)');
}
