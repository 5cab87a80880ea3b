import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n/i18n';

/** Admin alerts: a refusal by the server reads 'Failed to …', anything else 'Error …'. */
export function adminFailureText(error: unknown, failed: string, errored: string): string {
  if (!(error instanceof ApiError)) return errored;
  // A stale action (issue 28): the 409 names what happened, who and when — "Already approved by sam at 12:31 PM."
  return error.status === 409 && error.serverMessage
    ? i18n._('{failure}. {reason}', { failure: failed, reason: error.serverMessage })
    : failed;
}
