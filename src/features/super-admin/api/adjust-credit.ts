import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { CreditAdjustment, type CreditAdjustmentBody, type CreditAdjustmentBodyJson } from '@/domain/schemas/credit';
import { creditQueryOptions } from '@/lib/credit-query';
import { useCurrentUserName } from '@/lib/current-user';
import { i18n } from '@/lib/i18n/i18n';
import { asCents, fromCents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { readSent } from '@/lib/outbox/read-sent';
import { userDetailQueryOptions } from './user-detail';

/**
 * POST /api/admin/marketplace-users/{username}/credit-adjustments through the admin outbox: offline it is kept with
 * the Idempotency-Key chosen now and sent once when back online (the server then checks the balance it has).
 */
export function useAdjustCredit(username: string) {
  const queryClient = useQueryClient();
  const me = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: async (body: CreditAdjustmentBody) =>
      readSent(
        await submitAdminAction(
          {
            method: 'POST',
            path: `/api/admin/marketplace-users/${encodeURIComponent(username)}/credit-adjustments`,
            // The API's JSON writes the amount in USD; the app holds it in cents.
            body: { amount: fromCents(body.amount), reason: body.reason } satisfies CreditAdjustmentBodyJson,
            subject: { type: 'user', id: username },
            target: 'credit-adjusted',
            label: i18n._('Adjust credit: {amount} for {name}', {
              amount: `${body.amount < 0 ? '−' : '+'}${displayCents(asCents(Math.abs(body.amount)))}`,
              name: username,
            }),
          },
          { username: me },
        ),
        (json) => CreditAdjustment.parse(json),
      ),
    onSuccess: announceAdminResult,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditQueryOptions(username).queryKey }),
        queryClient.invalidateQueries({ queryKey: userDetailQueryOptions(username).queryKey }),
      ]),
  });
}
