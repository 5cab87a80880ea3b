import type { HandoverBody } from '../../../src/domain/schemas/history';
import { decodeDataUrl, processImage } from './process';
import type { ImageStore, StoredFiles } from './store';

export interface Handover {
  note: string | null;
  photo: StoredFiles | null;
}

/**
 * Processes and stores a handover's proof photo exactly like a sell photo (real type by its bytes, upright, no
 * metadata, within 1200×900, with a thumbnail), then runs `commit` with it; if `commit` throws, the files go.
 */
export async function withHandover<T>(images: ImageStore, body: HandoverBody, commit: (handover: Handover) => Promise<T>): Promise<T> {
  const photo = body.proofPhoto ? await images.save(await processImage(decodeDataUrl(body.proofPhoto))) : null;
  try {
    return await commit({ note: body.note || null, photo });
  } catch (error) {
    if (photo) await images.remove(photo);
    throw error;
  } finally {
    if (photo) images.settle(photo);
  }
}
