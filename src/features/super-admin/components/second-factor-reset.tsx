import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { showToast } from '@/components/toast-store';
import { NetworkError } from '@/lib/api-client';
import { useRemoveSecondFactor, useSecondFactor } from '../api/second-factor';
import { userErrorText } from '../lib/error-text';

/** "Authenticator app and 2 passkeys", "1 passkey", "None set up". */
export function describeFactors({ totp, passkeys }: { totp: boolean; passkeys: number }): string {
  const keys = passkeys === 0 ? '' : `${passkeys} ${passkeys === 1 ? 'passkey' : 'passkeys'}`;
  if (totp) return keys ? `Authenticator app and ${keys}` : 'Authenticator app';
  return keys || 'None set up';
}

/** The "Second factor" line of a user's page: what they have set up. */
export function SecondFactorFact({ username }: { username: string }) {
  const factors = useSecondFactor(username);
  return (
    <>
      <dt>Second factor</dt>
      <dd data-testid="second-factor">
        {factors.data ? describeFactors(factors.data) : factors.isError ? 'Unknown (not loaded)' : 'Loading…'}
      </dd>
    </>
  );
}

/**
 * The way back in for someone who lost their phone or security key (issue 29.9): the super admin removes their
 * authenticator app and passkeys, after a confirmation that says what happens. Shown only when there is something to
 * remove.
 */
export function RemoveSecondFactorButton({ username }: { username: string }) {
  const factors = useSecondFactor(username);
  const remove = useRemoveSecondFactor(username);
  const [confirming, setConfirming] = useState(false);
  if (!factors.data || (!factors.data.totp && factors.data.passkeys === 0)) return null;
  const what = describeFactors(factors.data).toLowerCase();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ title: 'Second factor removed', description: `${username} is signed out and sets up a new one at the next sign-in` });
      },
      onError: (error) =>
        showToast({
          title: 'Error',
          // Not queued for later: the super admin does this while the person is there, and must see it done.
          description:
            error instanceof NetworkError
              ? 'You are offline. Connect to remove the second factor; nothing was changed.'
              : userErrorText(error),
          variant: 'destructive',
        }),
    });

  return (
    <>
      <Button type="button" $variant="secondary" aria-label={`Remove second factor of ${username}`} onClick={() => setConfirming(true)}>
        Remove second factor
      </Button>
      <small>For someone who lost their phone or security key: they set up a new one at the next sign-in.</small>
      <Dialog
        open={confirming}
        alert
        title="Remove Second Factor"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button type="button" $variant="danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </Button>
          </>
        }
      >
        <p>
          Remove {username}&rsquo;s {what}? They are signed out on every device, sign in again with their password and set up a new one. Do
          this only when you are sure it is {username} asking.
        </p>
      </Dialog>
    </>
  );
}
