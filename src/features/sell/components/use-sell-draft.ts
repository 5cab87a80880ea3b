import { useEffect, useRef, useState } from 'react';
import { showToast } from '@/components/toast-store';
import { getCurrentUserName } from '@/lib/current-user';
import { prewarmPhotoWorker, resizePhoto } from '@/lib/photo/resize-photo';
import { forgetSharedPhoto, peekSharedPhoto } from '@/lib/share-target';
import { clearSellDraft, readSellDraft, saveSellDraft } from '../lib/sell-draft';
import { EMPTY_SELL_FORM, withPayoutFor, type SellForm } from '../lib/sell-form';
import { SELL_MESSAGES } from '../lib/sell-messages';

export interface SellPhoto {
  blob: Blob;
  url: string;
}

/** The photo as the screen shows it: the blob and a preview URL for it. */
export const sellPhotoOf = (blob: Blob): SellPhoto => ({ blob, url: URL.createObjectURL(blob) });

/**
 * What the sell screen holds before it is sent — the photo and the choices — and where it comes from: a screenshot
 * shared to the app, else the draft kept on the device, which every change saves again.
 */
export function useSellDraft() {
  const [photo, setPhoto] = useState<SellPhoto | null>(null);
  const [form, setForm] = useState<SellForm>(EMPTY_SELL_FORM);
  const [processing, setProcessing] = useState(false);
  // What this screen shows is kept on the device while it is unsent, and comes back (issue 47.4); `restored` holds the
  // saving back until the kept draft has been read, so an empty first render never erases it.
  const [restored, setRestored] = useState(false);
  const photoRef = useRef<SellPhoto | null>(null);
  photoRef.current = photo;

  // The worker is ready before the player has picked a photo.
  useEffect(() => prewarmPhotoWorker(), []);

  // A screenshot shared to the app (share target) waits in IndexedDB until this screen attaches it; else the draft.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const shared = await peekSharedPhoto();
      if (!shared) {
        const username = getCurrentUserName();
        const draft = username ? await readSellDraft(username) : null;
        if (cancelled) return;
        if (draft) {
          setPhoto(sellPhotoOf(draft.photo));
          setForm(draft.form);
        }
        setRestored(true);
        return;
      }
      if (cancelled) return;
      setRestored(true);
      setProcessing(true);
      try {
        const resized = await resizePhoto(shared.blob);
        if (cancelled) return;
        setPhoto(sellPhotoOf(resized.blob));
        await forgetSharedPhoto();
      } catch {
        if (cancelled) return;
        await forgetSharedPhoto();
        showToast({ description: SELL_MESSAGES.imageError, variant: 'destructive' });
      } finally {
        if (!cancelled) setProcessing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // The preview URL is released when the photo changes or the page closes.
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  useEffect(() => {
    const username = getCurrentUserName();
    if (!restored || !username) return;
    if (photo) void saveSellDraft(username, photo.blob, form);
    else void clearSellDraft(username);
  }, [restored, photo, form]);

  const restart = () => {
    photoRef.current = null;
    setPhoto(null);
    setForm(EMPTY_SELL_FORM);
  };
  const patch = (change: Partial<SellForm>) => setForm((current) => withPayoutFor({ ...current, ...change }));

  return { photo, setPhoto, photoRef, form, patch, processing, restart };
}
