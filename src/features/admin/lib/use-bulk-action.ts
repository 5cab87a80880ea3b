import { useMutation } from '@tanstack/react-query';
import { showToast } from '@/components/toast-store';
import type { AdminAction } from '@/lib/admin-action';
import { useCurrentUserName } from '@/lib/current-user';
import { i18n } from '@/lib/i18n/i18n';
import { sendEach, summarizeBulk, type BulkDone } from './bulk-send';

/**
 * A bulk action's send (each record its own admin action, see bulk-send.ts) and what the admin is told: a notice when
 * all went or wait to go, `onFailure` with every refused one's reason otherwise; `refresh` reloads the list after.
 */
export function useBulkAction({ done, refresh, onFailure }: { done: BulkDone; refresh: () => unknown; onFailure: (text: string) => void }) {
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ actions, photo }: { actions: readonly AdminAction[]; photo: Blob | null }) => sendEach(actions, { username, photo }),
    onSuccess: (outcomes) => {
      const summary = summarizeBulk(outcomes, done);
      if (summary.failed) onFailure(i18n._('{failure}. {reason}', { failure: summary.title, reason: summary.text }));
      // When all went, the summary is the title again ("3 marked completed"): said once (issue 52.5).
      else if (summary.text === `${summary.title}.`) showToast({ description: summary.title, variant: 'success' });
      else showToast({ title: summary.title, description: summary.text, variant: 'success' });
    },
    onSettled: () => refresh(),
  });
}
