import { useLingui } from '@/lib/i18n/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { Field, PasswordField } from '@/components/form-field';
import { clearCurrentUser, getCurrentUserName, useCurrentUserName } from '@/lib/current-user';
import { useChangePassword } from '@/lib/api/change-password';
import { ADMIN_PASSWORD_MESSAGES as M, ADMIN_PASSWORD_REDIRECT_MS, CHANGE_PASSWORD_SIGNED_OUT as OUT } from '../messages';
import { ChangePasswordForm as PasswordPageForm, formProblem } from '@/domain/schemas/auth';
import { AuthLayout, Form, TextLink } from './auth-layout';

const route = getRouteApi('/change-password');

/**
 * The admin password page: with the one-time `?token=` link it sets the password;
 * without a token the signed-in user proves themselves with the current password. Signed out without a token no
 * password can be changed here, so the page says what to do instead of showing a form that cannot succeed.
 */
export function ChangePasswordPage() {
  const { token } = route.useSearch();
  const signedIn = useCurrentUserName();
  const [sessionEnded, setSessionEnded] = useState(false);
  if (!token && !signedIn) return <SignedOut sessionEnded={sessionEnded} />;
  return <ChangePasswordForm onSessionEnded={() => setSessionEnded(true)} />;
}

function SignedOut({ sessionEnded }: { sessionEnded: boolean }) {
  const { _ } = useLingui();
  return (
    <AuthLayout title={_(M.heading)} footer={<TextLink to="/">{_('Back to Home')}</TextLink>}>
      <Banner tone={sessionEnded ? 'warning' : 'info'}>
        <Paragraphs>
          <p>
            <strong>{_(sessionEnded ? OUT.sessionEnded : OUT.notLoggedIn)}</strong>
          </p>
          <p>{_(OUT.whatToDo)}</p>
          <p>{_(OUT.firstSetup)}</p>
        </Paragraphs>
      </Banner>
      <LoginButton as={Link} to="/login" $block>
        {_('Go to Login')}
      </LoginButton>
    </AuthLayout>
  );
}

function ChangePasswordForm({ onSessionEnded }: { onSessionEnded: () => void }) {
  const { _ } = useLingui();
  const { token, username: usernameParam } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [username, setUsername] = useState(() => getCurrentUserName() ?? usernameParam ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || done) return;
    const problem = formProblem(PasswordPageForm, {
      username,
      newPassword,
      confirmPassword,
      currentPassword: token ? undefined : currentPassword,
    });
    setError(problem ? { text: problem } : null);
    if (problem) return;
    change.mutate(
      { username: username.trim(), newPassword, ...(token ? { token } : { currentPassword }) },
      {
        onSuccess: () => {
          setDone(true);
          timer.current = setTimeout(() => {
            // A password change ends all the account's sessions: sign out here too, then log in anew.
            clearCurrentUser();
            queryClient.clear();
            void navigate({ to: '/login', replace: true });
          }, ADMIN_PASSWORD_REDIRECT_MS);
        },
        onError: (failure) => {
          if (!token && failure instanceof ApiError && failure.status === 401) {
            // The session behind the stored name has ended: this device is signed out, and the page says so.
            onSessionEnded();
            clearCurrentUser();
            return;
          }
          const detail =
            failure instanceof ApiError && failure.serverMessage && failure.serverMessage !== M.failed ? failure.serverMessage : undefined;
          setError({ text: M.failed, detail });
        },
      },
    );
  };

  return (
    <AuthLayout
      title={_(M.heading)}
      subtitle={token ? _('This one-time link sets the admin password.') : undefined}
      footer={
        <>
          <TextLink to="/login">{_('Go to Login')}</TextLink>
          <span aria-hidden="true">·</span>
          <TextLink to="/">{_('Back to Home')}</TextLink>
        </>
      }
    >
      <Form onSubmit={onSubmit} noValidate>
        {error && (
          <Banner tone="error">
            <p>{error.text}</p>
            {error.detail && <p>{error.detail}</p>}
          </Banner>
        )}
        {done && <Banner tone="success">{_(M.success)}</Banner>}
        <Field
          label={_('Username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        {!token && (
          <PasswordField
            label={_('Current Password')}
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        )}
        <PasswordField
          label={_('New Password')}
          name="newPassword"
          autoComplete="new-password"
          hint={_('At least 8 characters.')}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <PasswordField
          label={_('Confirm Password')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" $block disabled={change.isPending || done}>
          {change.isPending ? _('Updating...') : _('Update Password')}
        </Button>
      </Form>
    </AuthLayout>
  );
}

const Paragraphs = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const LoginButton = styled(Button)`
  text-decoration: none;
`;
