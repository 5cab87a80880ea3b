import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { PasswordField } from '@/components/form-field';
import { setCurrentUser } from '@/lib/current-user';
import { markNewAccount } from '@/lib/greeting';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { removeAdminMarker } from '../admin-marker';
import { useSignup } from '../api/signup';
import { SIGNUP_MESSAGES } from '../messages';
import { SignupForm } from '@/domain/schemas/auth';
import { AuthLayout, Form, TextLink } from './auth-layout';
import { FormError } from '@/components/form-error';
import { UsernameField } from './username-field';
import { prefilled } from '@/lib/prerender-handoff';

/** Sign up; a new account goes straight to the first-time contact setup (/my-activity?firstTime=true). */
export function SignupPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useZodForm(SignupForm, () => ({
    username: prefilled('username'),
    password: prefilled('password'),
    confirmPassword: prefilled('confirmPassword'),
  }));

  const onSubmit = form.handleSubmit((body) => {
    signup.mutate(body, {
      onSuccess: (user) => {
        removeAdminMarker(user.username);
        setCurrentUser(user);
        markNewAccount(user.username);
        void navigate({ to: '/my-activity', search: { firstTime: true } });
      },
      onError: (failure) => form.setError(errorMessage(failure, SIGNUP_MESSAGES.failed, SIGNUP_MESSAGES.network)),
    });
  }, signup.isPending);

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
        <FormError error={form.error} />
        <UsernameField {...form.field('username')} />
        <PasswordField label={_('Password')} autoComplete="new-password" {...form.field('password')} />
        <PasswordField label={_('Confirm Password')} autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" $block disabled={signup.isPending}>
          {signup.isPending ? _('Creating account...') : _('Sign Up')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
