import { useLingui } from '@/lib/i18n/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { PasswordField } from '@/components/form-field';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useChangePassword } from '@/lib/api/change-password';
import { PASSWORD_CLOSE_MS, PASSWORD_RESET_MESSAGES as M } from '../messages';
import { AccountPasswordForm, formProblem } from '@/domain/schemas/auth';

/** The account password reset modal: all three fields, matching, 8+ characters; it closes 2 s after a success. */
export function PasswordResetDialog({ open, onClose, username }: { open: boolean; onClose: () => void; username: string }) {
  const { _ } = useLingui();
  const update = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const close = () => {
    if (timer.current) clearTimeout(timer.current);
    setCurrentPassword('');
    setNewPassword('');
    setConfirmPassword('');
    setError(null);
    setSuccess(false);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || success) return;
    const problem = formProblem(AccountPasswordForm, { currentPassword, newPassword, confirmPassword });
    setError(problem);
    if (problem) return;
    update.mutate(
      { username, currentPassword, newPassword },
      {
        onSuccess: () => {
          setSuccess(true);
          timer.current = setTimeout(close, PASSWORD_CLOSE_MS);
        },
        onError: (failure) => {
          if (failure instanceof NetworkError) setError(M.network);
          else if (failure instanceof ApiError && failure.status === 401) setError(M.wrongCurrent);
          else if (failure instanceof ApiError) setError(failure.serverMessage || M.failed);
          else setError(M.network);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} title={_('Reset Password')}>
      <Form onSubmit={onSubmit} noValidate>
        {error && <Banner tone="error">{_(error)}</Banner>}
        {success && <Banner tone="success">{_(M.success)}</Banner>}
        <PasswordField
          label={_('Current Password')}
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <PasswordField
          label={_('New Password')}
          name="newPassword"
          autoComplete="new-password"
          hint={_('At least 8 characters.')}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <PasswordField
          label={_('Confirm New Password')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
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
