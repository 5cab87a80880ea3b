import { useLingui } from '@/lib/i18n/react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { Field } from '@/components/form-field';
import { useTotpCode } from '../api/second-factor';
import { RECOVERY_MESSAGES as R, SECOND_FACTOR_MESSAGES as M } from '../messages';

/**
 * The 6-digit code of an authenticator app: to confirm a new app (`confirm`; `onPassed` gets the new recovery codes),
 * or as a sign-in's second step, where a recovery code may stand in for it.
 */
export function TotpCodeForm({ confirm, onPassed }: { confirm: boolean; onPassed?: (recoveryCodes: string[]) => void }) {
  const { _ } = useLingui();
  const send = useTotpCode(confirm);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setError(null);
    send.mutate(code.trim(), {
      onSuccess: (answer) => onPassed?.('recoveryCodes' in answer ? answer.recoveryCodes : []),
      onError: (failure) => {
        setError(errorMessage(failure, M.failed, M.network));
        setCode('');
      },
    });
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      {recovery ? (
        <Field
          key="recovery"
          label={R.recoveryLabel}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : (
        <Field
          key="app"
          label={_(M.codeLabel)}
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <Button type="submit" $block disabled={send.isPending}>
        {_(send.isPending ? M.checking : confirm ? M.confirm : M.verify)}
      </Button>
      {!confirm && (
        <Button
          type="button"
          $variant="ghost"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? R.useApp : R.useRecovery}
        </Button>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  input {
    font-size: 1.4rem;
    letter-spacing: 0.3em;
    font-variant-numeric: tabular-nums;
  }
`;
