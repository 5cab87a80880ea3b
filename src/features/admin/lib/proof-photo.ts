// What a handover photo may be before it is resized (issue 33 item 4): an image, and a file a tablet can decode
// without running out of memory. Resized, any accepted photo is well under the server's limit.
import { i18n } from '@/lib/i18n/i18n';
import { numberFormat } from '@/lib/i18n/intl';

/** The largest file accepted as a handover photo: 30 MB (a phone's full-size photo is 3–15 MB). */
export const MAX_PROOF_FILE_BYTES = 30 * 1024 * 1024;

const megabytes = (bytes: number) => {
  const digits = bytes < 10 * 1024 * 1024 ? 1 : 0;
  const format = numberFormat(`megabytes-${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return i18n._('{size} MB', { size: format.format(bytes / (1024 * 1024)) });
};

/** Why a picked file cannot be the handover photo, or null when it can. */
export function proofPhotoProblem(file: { name: string; type: string; size: number }): string | null {
  // Some galleries give a photo no type; its name still says what it is.
  const looksLikeImage = file.type ? file.type.startsWith('image/') : /\.(jpe?g|png|webp|gif|heic|heif|avif|bmp)$/i.test(file.name);
  if (!looksLikeImage) return i18n._('“{name}” is not a photo. Choose a JPEG, PNG or WebP image.', { name: file.name });
  if (file.size > MAX_PROOF_FILE_BYTES)
    return i18n._('That photo is too large ({size}). Choose one under {limit}.', {
      size: megabytes(file.size),
      limit: megabytes(MAX_PROOF_FILE_BYTES),
    });
  if (file.size === 0) return i18n._('“{name}” is empty. Take the photo again.', { name: file.name });
  return null;
}
