import { useLingui } from '@/lib/i18n/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ResetLinkForm } from '@/domain/schemas/auth';
import { useChangePassword } from '@/lib/api/change-password';
import { clearCurrentUser } from '@/lib/current-user';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { RESET_MESSAGES as M } from '../messages';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { FormError } from '@/components/form-error';

const route = getRouteApi('/reset-password');

/** /reset-password?token=…&username=…: the one-time link (mailed, or handed over by the super admin) sets a new password. */
export function ResetPasswordPage() {
  const { _ } = useLingui();
  const { token, username } = route.useSearch();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useZodForm(ResetLinkForm, { newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);

  const onSubmit = form.handleSubmit(
    (_body, { newPassword }) => {
      if (!token || !username) return;
      change.mutate(
        { username, token, newPassword },
        {
          onSuccess: () => {
            setDone(true);
            // Every session of the account ended: this device signs in anew too.
            clearCurrentUser();
          },
          onError: (failure) =>
            form.setError(failure instanceof ApiError && failure.status === 403 ? M.invalid : errorMessage(failure, M.failed, M.network)),
        },
      );
    },
    change.isPending || done || !token || !username,
  );

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
          <FormError error={form.error} />
          <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
          <NewPasswordFields newPassword={form.field('newPassword')} confirmPassword={form.field('confirmPassword')} />
          <Button type="submit" $block disabled={change.isPending}>
            {_(change.isPending ? M.saving : M.save)}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
