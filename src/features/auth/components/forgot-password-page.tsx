import { useLingui } from '@/lib/i18n/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { Field } from '@/components/form-field';
import type { MessageBody } from '@/domain/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { RESET_MESSAGES as M } from '../messages';
import { AuthLayout, Form, TextLink } from './auth-layout';

/** /forgot-password: asks for a reset link by email; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const { _ } = useLingui();
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (name: string) =>
      apiRequest<MessageBody>('/api/marketplace/forgot-password', { method: 'POST', body: { username: name }, handle401: false }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending) return;
    if (!username.trim()) return setError('Enter your username');
    setError(null);
    ask.mutate(username.trim(), {
      onSuccess: (answer) => setSent(answer.message),
      onError: (failure) => setError(errorMessage(failure, M.failed, M.network)),
    });
  };

  return (
    <AuthLayout title={_(M.forgotTitle)} subtitle={_(M.forgotText)} footer={<TextLink to="/login">{_('Back to Login')}</TextLink>}>
      <Form onSubmit={onSubmit} noValidate>
        {error && <Banner tone="error">{_(error)}</Banner>}
        {sent && <Banner tone="success">{sent}</Banner>}
        <Field
          label={_('Username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Button type="submit" $block disabled={ask.isPending}>
          {_(ask.isPending ? M.sending : M.send)}
        </Button>
        <Banner tone="info">{_(M.noEmail)}</Banner>
      </Form>
    </AuthLayout>
  );
}
