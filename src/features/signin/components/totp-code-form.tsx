import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { Field } from '@/components/form-field';
import { useTotpCode } from '../api/second-factor';
import { SECOND_FACTOR_MESSAGES as M } from '../messages';

/** The 6-digit code of an authenticator app: to confirm a new app (`confirm`), or as a sign-in's second step. */
export function TotpCodeForm({ confirm, onPassed }: { confirm: boolean; onPassed?: () => void }) {
  const send = useTotpCode(confirm);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setError(null);
    send.mutate(code.trim(), {
      onSuccess: () => onPassed?.(),
      onError: (failure) => {
        setError(errorMessage(failure, M.failed, M.network));
        setCode('');
      },
    });
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      <Field
        label={M.codeLabel}
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" $block disabled={send.isPending}>
        {send.isPending ? M.checking : confirm ? M.confirm : M.verify}
      </Button>
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
