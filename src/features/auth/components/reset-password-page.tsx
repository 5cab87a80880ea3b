import { useLingui } from '@/lib/i18n/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { PasswordField } from '@/components/form-field';
import { formProblem, ResetLinkForm } from '@/domain/schemas/auth';
import { useChangePassword } from '@/lib/api/change-password';
import { clearCurrentUser } from '@/lib/current-user';
import { ApiError } from '@/lib/api-client';
import { RESET_MESSAGES as M } from '../messages';
import { AuthLayout, Form, TextLink } from './auth-layout';

const route = getRouteApi('/reset-password');

/** /reset-password?token=…&username=…: the one-time link (mailed, or handed over by the super admin) sets a new password. */
export function ResetPasswordPage() {
  const { _ } = useLingui();
  const { token, username } = route.useSearch();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || done || !token || !username) return;
    const problem = formProblem(ResetLinkForm, { newPassword: password, confirmPassword: confirm });
    setError(problem);
    if (problem) return;
    change.mutate(
      { username, token, newPassword: password },
      {
        onSuccess: () => {
          setDone(true);
          // Every session of the account ended: this device signs in anew too.
          clearCurrentUser();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.status === 403 ? M.invalid : errorMessage(failure, M.failed, M.network)),
      },
    );
  };

  return (
    <AuthLayout
      title={_(M.resetTitle)}
      subtitle={username ? _('For {username}: this one-time link sets a new password for your account.', { username }) : _(M.resetSubtitle)}
      // Once the password is changed the page's own button leads to Login: one control, not two (issue 52.5).
      footer={done ? undefined : <TextLink to="/login">{_('Go to Login')}</TextLink>}
    >
      {!token || !username ? (
        <Banner tone="error">{_(M.invalid)}</Banner>
      ) : done ? (
        <Form as="div">
          <Banner tone="success">{_(M.done)}</Banner>
          <Button type="button" $block onClick={() => void navigate({ to: '/login', replace: true })}>
            {_('Go to Login')}
          </Button>
        </Form>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          {error && <Banner tone="error">{_(error)}</Banner>}
          <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
          <PasswordField
            label={_('New Password')}
            name="newPassword"
            autoComplete="new-password"
            hint={_('At least 8 characters.')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PasswordField
            label={_('Confirm Password')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" $block disabled={change.isPending}>
            {_(change.isPending ? M.saving : M.save)}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
