import { decodeDataUrl, processImage } from '../images/process';
import type { ImageStore, StoredFiles } from '../images/store';

/** Stores a photo from a data URL through §8's rules; null when none was sent. */
const savePhoto = async (images: ImageStore, photo: string | null | undefined): Promise<StoredFiles | null> =>
  photo ? await images.save(await processImage(decodeDataUrl(photo))) : null;

/** Runs `fn` with the photo stored first; the photo is removed when the change does not commit or was a replay. */
export async function withPhoto<T>(
  images: ImageStore,
  photo: string | null | undefined,
  fn: (files: StoredFiles | null) => Promise<T>,
): Promise<T> {
  const files = await savePhoto(images, photo);
  try {
    return await fn(files);
  } catch (error) {
    if (files) await images.remove(files);
    throw error;
  } finally {
    if (files) images.settle(files);
  }
}
