import { useLingui } from '@/lib/i18n/react';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Banner } from '@/components/banner';
import { errorMessage } from '@/components/error-message';
import { apiRequest } from '@/lib/api-client';
import { RESET_MESSAGES as M } from '../messages';
import { AuthLayout, TextLink } from './auth-layout';

const route = getRouteApi('/verify-email');

/** /verify-email?token=…: the link mailed to a contact email; opening it confirms the address. */
export function VerifyEmailPage() {
  const { _ } = useLingui();
  const { token } = route.useSearch();
  const verify = useMutation({
    mutationFn: (value: string) =>
      apiRequest<{ email: string }>('/api/marketplace/verify-email', { method: 'POST', body: { token: value }, handle401: false }),
  });
  const { mutate } = verify;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthLayout title={_(M.verifyTitle)} footer={<TextLink to="/">{_('Back to Home')}</TextLink>}>
      {!token ? (
        <Banner tone="error">{_('This link is invalid or has ended. Send a new one from My Account.')}</Banner>
      ) : verify.isSuccess ? (
        <Banner tone="success">
          {_('{email} is confirmed. You can now reset your password by email if you forget it.', { email: verify.data.email })}
        </Banner>
      ) : verify.isError ? (
        <Banner tone="error">
          {errorMessage(verify.error, 'This link is invalid or has ended. Send a new one from My Account.', M.network)}
        </Banner>
      ) : (
        <p aria-busy="true">{_(M.verifying)}</p>
      )}
    </AuthLayout>
  );
}
