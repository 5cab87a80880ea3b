import { errorMessage } from '@/components/error-message';
import { PASSKEY_MESSAGES as M } from './messages';

/** What to say when a passkey ceremony fails: cancelled, already there, or the server's reason. */
export function passkeyErrorText(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return M.already;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return M.cancelled;
  return errorMessage(error, M.failed, M.network);
}
