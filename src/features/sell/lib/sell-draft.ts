// The sell screen's unsent photo and choices, kept on the device (issue 47.4): leaving Sell, Back then Forward, a
// reload or a closed app bring them back instead of an empty form. Cleared when the sell is sent or the player
// discards the photo.
import { kvDelete, kvGet, kvSet } from '@/lib/db';
import type { SellForm } from './sell-form';

export interface SellDraft {
  photo: Blob;
  form: SellForm;
  savedAt: string;
}

const draftKey = (username: string) => `sell-draft:${username}`;

export async function readSellDraft(username: string): Promise<SellDraft | null> {
  try {
    const draft = await kvGet<SellDraft>(draftKey(username));
    return draft && draft.photo instanceof Blob && draft.form ? draft : null;
  } catch {
    return null;
  }
}

export async function saveSellDraft(username: string, photo: Blob, form: SellForm): Promise<void> {
  await kvSet(draftKey(username), { photo, form, savedAt: new Date().toISOString() } satisfies SellDraft).catch(() => undefined);
}

export async function clearSellDraft(username: string): Promise<void> {
  await kvDelete(draftKey(username)).catch(() => undefined);
}
