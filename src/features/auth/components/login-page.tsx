import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { PasswordField } from '@/components/form-field';
import type { SessionUser } from '@/domain/schemas/auth';
import { setCurrentUser } from '@/lib/current-user';
import { useLogin } from '../api/login';
import { useSessionNotice } from '@/lib/session-notice';
import { LOGIN_MESSAGES, RESET_MESSAGES, sessionEndedText } from '../messages';
import { LoginForm } from '../validation';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { FormError } from '@/components/form-error';
import { UsernameField } from './username-field';
import { prefilled } from '@/lib/prerender-handoff';
import { useZodForm } from '@/lib/forms/use-zod-form';

/**
 * Login; a player without any contact field goes to the first-time setup (/my-activity?firstTime=true). `passkey` draws
 * the passkey sign-in under the form (composed by src/routes), given what to do once it signed someone in.
 */
export function LoginPage({ passkey }: { passkey?: (onSignedIn: (user: SessionUser) => void) => ReactNode } = {}) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const login = useLogin();
  const notice = useSessionNotice();
  // Signed out by the server: the name that was signed in is offered again.
  const offered = notice && notice.reason !== 'account-deleted' ? notice.username : '';
  const form = useZodForm(LoginForm, () => ({ username: prefilled('username') || offered, password: prefilled('password') }));
  const { error, setError, setValues } = form;
  // A drawn login screen that is hydrated reads the notice a render late (the drawn markup had none): offer it then.
  useEffect(() => {
    if (offered) setValues((current) => ({ ...current, username: current.username || offered }));
  }, [offered, setValues]);

  const signedIn = (user: SessionUser) => {
    setCurrentUser(user);
    const hasContact = Boolean(user.contactEmail || user.ps5Username || user.robloxUsername);
    // An admin's setup is not needed (the account screen does not ask them either): the super admin, who has no
    // contact, was sent to the first-time setup on every new device (issue 52.5).
    if (hasContact || user.isAdmin) void navigate({ to: '/' });
    else void navigate({ to: '/my-activity', search: { firstTime: true } });
  };

  const onSubmit = form.handleSubmit((body) => {
    login.mutate(body, {
      onSuccess: signedIn,
      onError: (failure) => setError(errorMessage(failure, LOGIN_MESSAGES.failed, LOGIN_MESSAGES.network)),
    });
  }, login.isPending);

  return (
    <AuthLayout
      title={_('Login')}
      subtitle={_('Welcome back, trader.')}
      footer={
        <>
          <span>{_("Don't have an account?")}</span>
          <TextLink to="/signup">{_('Sign Up')}</TextLink>
        </>
      }
    >
      <Form onSubmit={onSubmit} noValidate>
        {notice && !error && <Banner tone="warning">{_(sessionEndedText(notice.reason, notice.kept))}</Banner>}
        <FormError error={error} />
        {/* 'webauthn' lets the browser offer this site's passkeys among the suggestions (conditional UI). */}
        <UsernameField autoComplete="username webauthn" {...form.field('username')} />
        <PasswordField label={_('Password')} autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" $block disabled={login.isPending}>
          {login.isPending ? _('Logging in...') : _('Login')}
        </Button>
        <ForgotLink to="/forgot-password">{_(RESET_MESSAGES.forgotLink)}</ForgotLink>
      </Form>
      {passkey?.(signedIn)}
    </AuthLayout>
  );
}

const ForgotLink = styled(TextLink)`
  align-self: center;
  font-size: 0.92rem;
`;
