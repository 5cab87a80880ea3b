import { useLingui } from '@/lib/i18n/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import type { SecondFactorStatus } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/current-user';
import { passkeySupport, signInWithPasskey, useAddPasskey } from '../api/passkeys';
import { secondFactorPassed } from '../api/second-factor';
import { PASSKEY_MESSAGES as M } from '../messages';
import { passkeyErrorText } from '../passkey-error';

/** The gate's passkey way: add one on this device (an admin with no factor yet), or use one (an admin who has one). */
export function GatePasskey({ mode }: { mode: 'add' | 'use' }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const add = useAddPasskey();
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    passkeySupport().then(
      (support) => live && setSupported(support.any),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!supported) return null;

  const use = async () => {
    setPending(true);
    setError(null);
    try {
      // A passkey sign-in opens a new session that has passed the second factor.
      setCurrentUser(await signInWithPasskey(false));
      secondFactorPassed(queryClient, await apiRequest<SecondFactorStatus>('/api/marketplace/second-factor'));
    } catch (failure) {
      setError(passkeyErrorText(failure));
    } finally {
      setPending(false);
    }
  };
  const busy = pending || add.isPending;
  const failure = error ?? (add.error ? passkeyErrorText(add.error) : null);
  return (
    <Wrap>
      {failure && <p role="alert">{failure}</p>}
      <Button type="button" $variant="secondary" $block disabled={busy} onClick={() => (mode === 'add' ? add.mutate() : void use())}>
        {_(busy ? M.adding : mode === 'add' ? M.gateSetup : M.gateUse)}
      </Button>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.dangerText};
    font-size: 0.92rem;
  }
`;
