import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n/i18n';

/** A user-management failure reads '{status}: {statusText}'. */
export function userErrorText(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.statusText || error.serverMessage || i18n._('Error')}`;
  return error instanceof Error ? error.message : i18n._('Network error');
}
