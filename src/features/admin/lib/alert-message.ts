import { ApiError } from '../../../lib/api-client';

/** Admin alerts: a refusal by the server reads 'Failed to …', anything else 'Error …'. */
export function adminFailureText(error: unknown, failed: string, errored: string): string {
  return error instanceof ApiError ? failed : errored;
}
