import { useLingui } from '@/lib/i18n/react';
import { useState } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/form-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useChangePassword } from '@/lib/api/change-password';
import { useTimer } from '@/lib/forms/use-timer';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { PASSWORD_CLOSE_MS, PASSWORD_RESET_MESSAGES as M } from '../messages';
import { AccountPasswordForm } from '@/domain/schemas/auth';

/** The account password reset modal: all three fields, matching, 8+ characters; it closes 2 s after a success. */
export function PasswordResetDialog({ open, onClose, username }: { open: boolean; onClose: () => void; username: string }) {
  const { _ } = useLingui();
  const update = useChangePassword();
  const form = useZodForm(AccountPasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const [success, setSuccess] = useState(false);
  const closeLater = useTimer();

  const close = () => {
    closeLater.cancel();
    form.reset();
    setSuccess(false);
    onClose();
  };

  const onSubmit = form.handleSubmit((_body, { currentPassword, newPassword }) => {
    update.mutate(
      { username, currentPassword, newPassword },
      {
        onSuccess: () => {
          setSuccess(true);
          closeLater.start(close, PASSWORD_CLOSE_MS);
        },
        onError: (failure) => form.setError(failureText(failure)),
      },
    );
  }, update.isPending || success);

  return (
    <Dialog open={open} onClose={close} title={_('Reset Password')}>
      <Form onSubmit={onSubmit} noValidate>
        <FormError error={form.error} />
        {success && <Banner tone="success">{_(M.success)}</Banner>}
        <PasswordField label={_('Current Password')} autoComplete="current-password" {...form.field('currentPassword')} />
        <NewPasswordFields
          newPassword={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
          confirmLabel={_('Confirm New Password')}
        />
        <Buttons>
          <Button type="button" $variant="secondary" onClick={close}>
            {_('Cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending || success}>
            {update.isPending ? _('Updating...') : _('Update Password')}
          </Button>
        </Buttons>
      </Form>
    </Dialog>
  );
}

/** What the dialog says when the change failed: offline, a refused current password, or the server's words. */
function failureText(failure: unknown): string {
  if (failure instanceof NetworkError) return M.network;
  if (failure instanceof ApiError && failure.status === 401) return M.wrongCurrent;
  if (failure instanceof ApiError) return failure.serverMessage || M.failed;
  return M.network;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;
