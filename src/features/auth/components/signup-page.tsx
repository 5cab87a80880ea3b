import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { Field, PasswordField } from '@/components/form-field';
import { setCurrentUser } from '@/lib/current-user';
import { markNewAccount } from '@/lib/greeting';
import { removeAdminMarker } from '../admin-marker';
import { useSignup } from '../api/signup';
import { SIGNUP_MESSAGES } from '../messages';
import { formProblem, SignupForm } from '@/domain/schemas/auth';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { prefilled } from '@/lib/prerender-handoff';

/** Sign up; a new account goes straight to the first-time contact setup (/my-activity?firstTime=true). */
export function SignupPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const signup = useSignup();
  const [username, setUsername] = useState(() => prefilled('username'));
  const [password, setPassword] = useState(() => prefilled('password'));
  const [confirmPassword, setConfirmPassword] = useState(() => prefilled('confirmPassword'));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    const problem = formProblem(SignupForm, { username, password, confirmPassword });
    setError(problem);
    if (problem) return;
    signup.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (user) => {
          removeAdminMarker(user.username);
          setCurrentUser(user);
          markNewAccount(user.username);
          void navigate({ to: '/my-activity', search: { firstTime: true } });
        },
        onError: (failure) => setError(errorMessage(failure, SIGNUP_MESSAGES.failed, SIGNUP_MESSAGES.network)),
      },
    );
  };

  return (
    <AuthLayout
      title={_('Sign Up')}
      subtitle={_('Create your account to start trading.')}
      footer={
        <>
          <span>{_('Already have an account?')}</span>
          <TextLink to="/login">{_('Login')}</TextLink>
        </>
      }
    >
      <Form onSubmit={onSubmit} noValidate>
        {error && <Banner tone="error">{_(error)}</Banner>}
        <Field
          label={_('Username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={_('Password')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={_('Confirm Password')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" $block disabled={signup.isPending}>
          {signup.isPending ? _('Creating account...') : _('Sign Up')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
