import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { usePhotoPicker } from '@/components/photo-picker';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { photoToDataUrl } from '@/lib/outbox/transport';
import { createItem, updateItem } from '../api/item-calls';
import { draftBody, draftOf, readNumbers, type ItemDraft } from '../lib/item-draft';

/** The item editor's state: the draft, a new photo, the problems to show, and Save (POST or PATCH, then the grid reloads). */
export function useItemEditor(item: ShopItem | null, onClose: () => void) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ItemDraft>(() => draftOf(item));
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  // One key per save the super admin means: a retry after a failure is a new save.
  const key = useRef(newIdempotencyKey());
  const picker = usePhotoPicker({
    check: (file) => (file.type.startsWith('image/') ? null : i18n._('Please choose a photo (JPEG, PNG or WebP).')),
    unreadable: _('This photo could not be read. Please try another.'),
    onPhoto: (blob) => setPhoto({ blob, url: URL.createObjectURL(blob) }),
    onProblem: (message) => setProblems([message]),
    testIds: { camera: 'item-camera-input', library: 'item-gallery-input' },
  });
  const set = (patch: Partial<ItemDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const send = async (parsed: Extract<ReturnType<typeof draftBody>, { ok: true }>) => {
    setSaving(true);
    setProblems([]);
    try {
      if (parsed.update) await updateItem(parsed.id, parsed.body, key.current);
      else await createItem(parsed.body, key.current);
      await queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
      onClose();
    } catch (error) {
      key.current = newIdempotencyKey();
      setProblems([
        error instanceof ApiError
          ? (error.serverMessage ?? error.message)
          : _('Could not be saved: check your connection and try again. Adding and editing items needs a connection.'),
      ]);
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    const numbers = readNumbers(draft);
    if (!numbers.ok) return setProblems(numbers.problems);
    const dataUrl = photo ? await photoToDataUrl(photo.blob) : undefined;
    const parsed = draftBody(draft, item, numbers.numbers, dataUrl);
    if (!parsed.ok) return setProblems(parsed.problems);
    await send(parsed);
  };

  return { draft, set, photo, picker, problems, saving, save };
}
