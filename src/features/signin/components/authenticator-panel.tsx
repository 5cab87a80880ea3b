import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { PanelHint as Hint } from '@/components/panel';
import { useUserData } from '@/lib/current-user';
import { secondFactorQueryOptions } from '../api/second-factor';
import { StackCard, Title } from './panel-parts';
import { AUTHENTICATOR_MESSAGES as M, RECOVERY_MESSAGES as R } from '../messages';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

/**
 * Account: an admin's authenticator app (issue 52.5). Every admin may set one up here, not only one the server forces
 * to (ADMIN_SECOND_FACTOR=required); confirming it shows the recovery codes once.
 */
export function AuthenticatorPanel() {
  const isAdmin = useUserData()?.isAdmin === true;
  if (!isAdmin) return null;
  return <AdminAuthenticator />;
}

function AdminAuthenticator() {
  const { _ } = useLingui();
  const titleId = useId();
  const status = useQuery(secondFactorQueryOptions());
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <StackCard aria-labelledby={titleId}>
      <Title id={titleId}>{_(codes ? R.title : M.title)}</Title>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : settingUp ? (
        <>
          <TotpSetup
            onPassed={(recoveryCodes) => {
              setSettingUp(false);
              setCodes(recoveryCodes);
            }}
          />
          <Button type="button" $variant="ghost" onClick={() => setSettingUp(false)}>
            {_(M.cancel)}
          </Button>
        </>
      ) : status.data?.totp ? (
        <Hint>{_(M.on)}</Hint>
      ) : (
        <>
          <Hint>{_(M.hint)}</Hint>
          {status.isSuccess && (
            <Button type="button" $variant="secondary" $block onClick={() => setSettingUp(true)}>
              {_(M.setUp)}
            </Button>
          )}
        </>
      )}
    </StackCard>
  );
}
