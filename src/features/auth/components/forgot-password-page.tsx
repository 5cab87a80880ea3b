import { useLingui } from '@/lib/i18n/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import type { MessageBody } from '@/domain/schemas/auth';
import { ForgotPasswordBody } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { RESET_MESSAGES as M } from '../messages';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { FormError } from '@/components/form-error';
import { UsernameField } from './username-field';

/** /forgot-password: asks for a reset link by email; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const { _ } = useLingui();
  const form = useZodForm(ForgotPasswordBody, { username: '' });
  const [sent, setSent] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<MessageBody>('/api/marketplace/forgot-password', { method: 'POST', body, handle401: false }),
  });

  const onSubmit = form.handleSubmit((body) => {
    ask.mutate(body, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (failure) => form.setError(errorMessage(failure, M.failed, M.network)),
    });
  }, ask.isPending);

  return (
    <AuthLayout title={_(M.forgotTitle)} subtitle={_(M.forgotText)} footer={<TextLink to="/login">{_('Back to Login')}</TextLink>}>
      <Form onSubmit={onSubmit} noValidate>
        <FormError error={form.error} />
        {sent && <Banner tone="success">{sent}</Banner>}
        <UsernameField {...form.field('username')} />
        <Button type="submit" $block disabled={ask.isPending}>
          {_(ask.isPending ? M.sending : M.send)}
        </Button>
        <Banner tone="info">{_(M.noEmail)}</Banner>
      </Form>
    </AuthLayout>
  );
}
