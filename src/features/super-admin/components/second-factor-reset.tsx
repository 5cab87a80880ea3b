import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { showToast } from '@/components/toast-store';
import { NetworkError } from '@/lib/api-client';
import { useRemoveSecondFactor, useSecondFactor } from '../api/second-factor';
import { userErrorText } from '../lib/error-text';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';

/** "Authenticator app and 2 passkeys", "1 passkey", "None set up" (in the language shown). */
export function describeFactors({ totp, passkeys }: { totp: boolean; passkeys: number }): string {
  if (totp && passkeys > 0)
    return i18n._('{count, plural, one {Authenticator app and # passkey} other {Authenticator app and # passkeys}}', { count: passkeys });
  if (totp) return i18n._('Authenticator app');
  if (passkeys > 0) return i18n._('{count, plural, one {# passkey} other {# passkeys}}', { count: passkeys });
  return i18n._('None set up');
}

/** The confirmation's question, naming what goes: "Remove bob’s authenticator app and 2 passkeys?". */
function removeQuestion(name: string, { totp, passkeys }: { totp: boolean; passkeys: number }): string {
  if (totp && passkeys > 0)
    return i18n._(
      '{count, plural, one {Remove {name}’s authenticator app and # passkey?} other {Remove {name}’s authenticator app and # passkeys?}}',
      { name, count: passkeys },
    );
  if (totp) return i18n._('Remove {name}’s authenticator app?', { name });
  return i18n._('{count, plural, one {Remove {name}’s passkey?} other {Remove {name}’s # passkeys?}}', { name, count: passkeys });
}

/** The "Second factor" line of a user's page: what they have set up. */
export function SecondFactorFact({ username }: { username: string }) {
  const { _ } = useLingui();
  const factors = useSecondFactor(username);
  return (
    <>
      <dt>{_('Second factor')}</dt>
      <dd data-testid="second-factor">
        {factors.data ? describeFactors(factors.data) : factors.isError ? _('Unknown (not loaded)') : _('Loading…')}
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
  const { _ } = useLingui();
  const factors = useSecondFactor(username);
  const remove = useRemoveSecondFactor(username);
  const [confirming, setConfirming] = useState(false);
  if (!factors.data || (!factors.data.totp && factors.data.passkeys === 0)) return null;
  const question = removeQuestion(username, factors.data);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast({
          title: _('Second factor removed'),
          description: _('{name} is signed out and sets up a new one at the next sign-in', { name: username }),
        });
      },
      onError: (error) =>
        showToast({
          title: _('Error'),
          // Not queued for later: the super admin does this while the person is there, and must see it done.
          description:
            error instanceof NetworkError
              ? _('You are offline. Connect to remove the second factor; nothing was changed.')
              : userErrorText(error),
          variant: 'destructive',
        }),
    });

  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        aria-label={_('Remove second factor of {name}', { name: username })}
        onClick={() => setConfirming(true)}
      >
        {_('Remove second factor')}
      </Button>
      <small>{_('For someone who lost their phone or security key: they set up a new one at the next sign-in.')}</small>
      <Dialog
        open={confirming}
        alert
        title={_('Remove Second Factor')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              {_('Cancel')}
            </Button>
            <Button type="button" $variant="danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? _('Removing…') : _('Remove')}
            </Button>
          </>
        }
      >
        <p>
          {question}{' '}
          {_(
            'They are signed out on every device, sign in again with their password and set up a new one. Do this only when you are sure it is {name} asking.',
            { name: username },
          )}
        </p>
      </Dialog>
    </>
  );
}
