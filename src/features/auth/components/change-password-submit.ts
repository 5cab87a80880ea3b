import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import type { ChangePasswordForm } from '@/domain/schemas/auth';
import { useChangePassword } from '@/lib/api/change-password';
import { ApiError } from '@/lib/api-client';
import { clearCurrentUser } from '@/lib/current-user';
import { useTimer } from '@/lib/forms/use-timer';
import type { ZodForm } from '@/lib/forms/use-zod-form';
import { ADMIN_PASSWORD_MESSAGES as M, ADMIN_PASSWORD_REDIRECT_MS } from '../messages';

/** The /change-password page's fields. */
export interface PasswordPageValues {
  username: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type PasswordPageForm = ZodForm<PasswordPageValues, z.output<typeof ChangePasswordForm>>;

/**
 * Sends the /change-password page: with the one-time `token`, or the current password. A success shows for 3 s, then
 * this device signs out and goes to Login; a refused current password (401 without a token) means the session ended.
 * `detail` is the server's own words under the page's failure text.
 */
export function useChangePasswordSubmit(form: PasswordPageForm, token: string | undefined, onSessionEnded: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const [detail, setDetail] = useState<string | undefined>(undefined);
  const redirect = useTimer();

  const afterSuccess = () => {
    setDone(true);
    redirect.start(() => {
      // A password change ends all the account's sessions: sign out here too, then log in anew.
      clearCurrentUser();
      queryClient.clear();
      void navigate({ to: '/login', replace: true });
    }, ADMIN_PASSWORD_REDIRECT_MS);
  };

  const afterFailure = (failure: Error) => {
    if (!token && failure instanceof ApiError && failure.status === 401) {
      // The session behind the stored name has ended: this device is signed out, and the page says so.
      onSessionEnded();
      clearCurrentUser();
      return;
    }
    form.setError(M.failed);
    setDetail(
      failure instanceof ApiError && failure.serverMessage && failure.serverMessage !== M.failed ? failure.serverMessage : undefined,
    );
  };

  const busy = change.isPending || done;
  const send = form.handleSubmit((_body, { username, currentPassword, newPassword }) => {
    change.mutate(
      { username: username.trim(), newPassword, ...(token ? { token } : { currentPassword }) },
      { onSuccess: afterSuccess, onError: afterFailure },
    );
  }, busy);
  const onSubmit = (event: FormEvent) => {
    if (!busy) setDetail(undefined);
    send(event);
  };

  return { pending: change.isPending, done, detail, onSubmit };
}
