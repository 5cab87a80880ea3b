import { useLingui } from '@/lib/i18n/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { PasswordField } from '@/components/form-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { getCurrentUserName, useCurrentUserName } from '@/lib/current-user';
import { schemaCheck, useZodForm } from '@/lib/forms/use-zod-form';
import { ADMIN_PASSWORD_MESSAGES as M, CHANGE_PASSWORD_SIGNED_OUT as OUT } from '../messages';
import { ChangePasswordForm as PasswordPageForm } from '@/domain/schemas/auth';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { UsernameField } from './username-field';
import { useChangePasswordSubmit, type PasswordPageValues } from './change-password-submit';

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
  const form = useZodForm(
    schemaCheck(PasswordPageForm, (values: PasswordPageValues) => ({
      ...values,
      currentPassword: token ? undefined : values.currentPassword,
    })),
    () => ({ username: getCurrentUserName() ?? usernameParam ?? '', currentPassword: '', newPassword: '', confirmPassword: '' }),
  );
  const { pending, done, detail, onSubmit } = useChangePasswordSubmit(form, token, onSessionEnded);

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
        {form.error && (
          <Banner tone="error">
            <p>{form.error}</p>
            {detail && <p>{detail}</p>}
          </Banner>
        )}
        {done && <Banner tone="success">{_(M.success)}</Banner>}
        <UsernameField {...form.field('username')} />
        {!token && <PasswordField label={_('Current Password')} autoComplete="current-password" {...form.field('currentPassword')} />}
        <NewPasswordFields newPassword={form.field('newPassword')} confirmPassword={form.field('confirmPassword')} />
        <Button type="submit" $block disabled={pending || done}>
          {pending ? _('Updating...') : _('Update Password')}
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
