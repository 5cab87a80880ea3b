import { useState } from 'react';

/** A confirm dialog's optional proof photo, forgotten when the dialog closes (`close` calls `onClose` too). */
export function useProofPhoto(onClose: () => void) {
  const [photo, setPhoto] = useState<Blob | null>(null);
  const close = () => {
    onClose();
    setPhoto(null);
  };
  return { photo, setPhoto, close };
}
