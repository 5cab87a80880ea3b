import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { PanelCard, PanelHint } from '@/components/panel';
import { errorMessage } from '@/components/error-message';
import type { MessageBody } from '@/domain/schemas/auth';
import type { EmailStatus } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { Title } from './panel-parts';

const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['email-status'],
    queryFn: ({ signal }) => apiRequest<EmailStatus>('/api/marketplace/email-status', { signal }),
  });

/**
 * Account: whether the contact email is confirmed, which is what lets a forgotten password be reset by email
 * (issue 29.10). Shown only where the server sends mail and there is an email.
 */
export function EmailPanel() {
  const { _ } = useLingui();
  const titleId = useId();
  const status = useQuery(emailStatusQueryOptions());
  const resend = useMutation({
    mutationFn: () => apiRequest<MessageBody>('/api/marketplace/email-verification', { method: 'POST', body: {} }),
  });
  const data = status.data;
  if (!data?.mail || !data.email) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>{_('Password reset by email')}</Title>
      {data.verified ? (
        <Hint>
          <Trans
            id="<0>✓ Confirmed:</0> {email}. If you forget your password, use “Forgot password?” on the login screen."
            values={{ email: data.email }}
            components={{ 0: <Ok /> }}
          />
        </Hint>
      ) : (
        <>
          <Hint>
            {_('Confirm {email} with the link we sent to it, so a forgotten password can be reset by email.', { email: data.email })}
          </Hint>
          {resend.isSuccess && <Hint role="status">{resend.data.message}</Hint>}
          {resend.isError && <Hint role="alert">{errorMessage(resend.error, 'Could not send the link.', 'You are offline.')}</Hint>}
          <Button type="button" $variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {_('Send the link again')}
          </Button>
        </>
      )}
    </Card>
  );
}

const Card = styled(PanelCard)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
`;

const Hint = styled(PanelHint)`
  overflow-wrap: anywhere;
`;

const Ok = styled.strong`
  color: ${({ theme }) => theme.color.success};
`;
