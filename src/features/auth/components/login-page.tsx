import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { Field, PasswordField } from '@/components/form-field';
import type { SessionUser } from '@/domain/schemas/auth';
import { setCurrentUser } from '@/lib/current-user';
import { useLogin } from '../api/login';
import { useSessionNotice } from '@/lib/session-notice';
import { LOGIN_MESSAGES, RESET_MESSAGES, sessionEndedText } from '../messages';
import { validateLogin } from '../validation';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { prefilled } from '@/lib/prerender-handoff';

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
  const [username, setUsername] = useState(() => prefilled('username') || offered);
  // A drawn login screen that is hydrated reads the notice a render late (the drawn markup had none): offer it then.
  useEffect(() => {
    if (offered) setUsername((current) => current || offered);
  }, [offered]);
  const [password, setPassword] = useState(() => prefilled('password'));
  const [error, setError] = useState<string | null>(null);

  const signedIn = (user: SessionUser) => {
    setCurrentUser(user);
    const hasContact = Boolean(user.contactEmail || user.ps5Username || user.robloxUsername);
    // An admin's setup is not needed (the account screen does not ask them either): the super admin, who has no
    // contact, was sent to the first-time setup on every new device (issue 52.5).
    if (hasContact || user.isAdmin) void navigate({ to: '/' });
    else void navigate({ to: '/my-activity', search: { firstTime: true } });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const problem = validateLogin({ username, password });
    setError(problem);
    if (problem) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: signedIn,
        onError: (failure) => setError(errorMessage(failure, LOGIN_MESSAGES.failed, LOGIN_MESSAGES.network)),
      },
    );
  };

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
        {error && <Banner tone="error">{_(error)}</Banner>}
        <Field
          label={_('Username')}
          name="username"
          // 'webauthn' lets the browser offer this site's passkeys among the suggestions (conditional UI).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={_('Password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
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
