import { useRef, useState } from 'react';
import { showToast } from '@/components/toast-store';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import type { ItemChange } from '../api/save-item';
import { useItemChanges } from '../api/use-item-changes';
import type { EditableField } from '../lib/cell-value';
import { pastedChanges } from '../lib/pasted-changes';

export const REASON_NEEDED_TEXT = 'Say why first: the reason is saved with every change.';

/**
 * The grid's changes, each saved with the reason typed above the grid: without one, nothing is saved and the reason
 * field says so (and takes the focus).
 */
export function useReasonedChanges(username: string | null, shown: readonly ShopItem[]) {
  const { _ } = useLingui();
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  const { save } = useItemChanges(username);

  const withReason = (then: (why: string) => void) => {
    const why = reason.trim();
    if (!why) {
      setReasonProblem(true);
      reasonRef.current?.focus();
      showToast({ description: _(REASON_NEEDED_TEXT), variant: 'destructive' });
      return;
    }
    setReasonProblem(false);
    then(why);
  };
  const change = (item: ShopItem, itemChange: ItemChange) => withReason((why) => void save([{ item, change: itemChange }], why));
  const pasteColumn = (from: ShopItem, field: EditableField, lines: string[]) =>
    withReason((why) => {
      const { changes, problems } = pastedChanges(shown, from, field, lines);
      if (problems.length > 0) {
        showToast({ title: _('Nothing pasted'), description: problems.join('; '), variant: 'destructive', duration: 10_000 });
        return;
      }
      void save(changes, why);
    });
  const typeReason = (text: string) => {
    setReason(text);
    if (text.trim()) setReasonProblem(false);
  };

  return { reason: { text: reason, problem: reasonProblem, ref: reasonRef, onType: typeReason }, change, pasteColumn };
}

export type ReasonField = ReturnType<typeof useReasonedChanges>['reason'];
