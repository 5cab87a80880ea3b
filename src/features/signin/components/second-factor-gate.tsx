import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { secondFactorQueryOptions } from '../api/second-factor';
import { RECOVERY_MESSAGES as R, SECOND_FACTOR_MESSAGES as M } from '../messages';
import { RecoveryCodes } from './recovery-codes';
import { GatePasskey } from './gate-passkey';
import { TotpCodeForm } from './totp-code-form';
import { TotpSetup } from './totp-setup';

/**
 * What stands before Admin Control and the super admin's settings (issue 29.9): an admin whose session has not
 * given its second factor gives it here (or sets one up first); then the screen opens. When the state cannot be read
 * (offline at a drop), the screen opens with what this device saved: the server refuses admin calls anyway.
 */
export function SecondFactorGate({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { _ } = useLingui();
  const status = useQuery(secondFactorQueryOptions());
  // A new app's recovery codes are shown once, before the screen opens (issue 52.5).
  const [codes, setCodes] = useState<string[] | null>(null);
  // Only the first answer is waited for. A check that failed offline goes back to pending when it is tried again (the
  // signal returns): the screen opened meanwhile stays mounted, with whatever the admin had open in it.
  if (status.isPending && !status.isFetched) return null;
  if (codes) {
    return (
      <Dialog open title={R.title} onClose={() => setCodes(null)}>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </Dialog>
    );
  }
  const state = status.data?.state;
  if (state !== 'needed' && state !== 'setup') return children;
  const usesApp = state === 'setup' || status.data!.totp;
  return (
    <Dialog open title={_(state === 'setup' ? M.setupTitle : M.neededTitle)} onClose={onClose}>
      {state === 'needed' && <p>{_(usesApp ? M.neededText : M.neededPasskeyText)}</p>}
      {state === 'setup' ? (
        <TotpSetup onPassed={(recoveryCodes) => recoveryCodes.length > 0 && setCodes(recoveryCodes)} />
      ) : (
        usesApp && <TotpCodeForm confirm={false} />
      )}
      {state === 'setup' && <GatePasskey mode="add" />}
      {state === 'needed' && status.data!.passkeys > 0 && <GatePasskey mode="use" />}
    </Dialog>
  );
}
