import { useLingui } from '@/lib/i18n/react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import type { SessionUser } from '@/domain/schemas/auth';
import { ApiError } from '@/lib/api-client';
import { passkeySupport, signInWithPasskey } from '../api/passkeys';
import { PASSKEY_MESSAGES as M } from '../messages';
import { passkeyErrorText } from '../passkey-error';

/**
 * The login screen's passkey: where the browser supports it, its passkeys are offered in the username field's
 * suggestions (conditional UI) as soon as the screen opens; a button asks for one directly. Passwords stay.
 */
export function PasskeyLogin({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { _ } = useLingui();
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const support = await passkeySupport().catch(() => ({ any: false, autofill: false }));
      if (!live) return;
      setSupported(support.any);
      if (!support.autofill) return;
      try {
        const user = await signInWithPasskey(true);
        if (live) onSignedIn(user);
      } catch (failure) {
        // Nobody asked for this request: when the browser ends it (the button's request replaced it, the page left, or
        // this browser cannot offer passkeys there, as headless Chromium), nothing is said. Only the server's answer
        // to a passkey the player picked is.
        if (live && failure instanceof ApiError) setError(passkeyErrorText(failure));
      }
    })();
    return () => {
      live = false;
    };
    // Once per visit to the screen: the conditional request waits as long as it is open.
  }, []);

  if (!supported) return null;
  const onClick = async () => {
    setPending(true);
    setError(null);
    try {
      onSignedIn(await signInWithPasskey(false));
    } catch (failure) {
      setError(passkeyErrorText(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Wrap>
      {error && <Banner tone="error">{error}</Banner>}
      <Or aria-hidden="true">
        <span>{_('or')}</span>
      </Or>
      <Button type="button" $variant="secondary" $block disabled={pending} onClick={() => void onClick()}>
        {_(pending ? M.signingIn : M.signIn)}
      </Button>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Or = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;
