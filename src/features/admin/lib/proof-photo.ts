// What a handover photo may be before it is resized (issue 33 item 4): an image, and a file a tablet can decode
// without running out of memory. Resized, any accepted photo is well under the server's limit.

/** The largest file accepted as a handover photo: 30 MB (a phone's full-size photo is 3–15 MB). */
export const MAX_PROOF_FILE_BYTES = 30 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Why a picked file cannot be the handover photo, or null when it can. */
export function proofPhotoProblem(file: { name: string; type: string; size: number }): string | null {
  // Some galleries give a photo no type; its name still says what it is.
  const looksLikeImage = file.type ? file.type.startsWith('image/') : /\.(jpe?g|png|webp|gif|heic|heif|avif|bmp)$/i.test(file.name);
  if (!looksLikeImage) return `“${file.name}” is not a photo. Choose a JPEG, PNG or WebP image.`;
  if (file.size > MAX_PROOF_FILE_BYTES)
    return `That photo is too large (${megabytes(file.size)}). Choose one under ${megabytes(MAX_PROOF_FILE_BYTES)}.`;
  if (file.size === 0) return `“${file.name}” is empty. Take the photo again.`;
  return null;
}
