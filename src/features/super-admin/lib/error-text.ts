import { ApiError } from '@/lib/api-client';

/** A user-management failure reads '{status}: {statusText}'. */
export function userErrorText(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.statusText || error.serverMessage || 'Error'}`;
  return error instanceof Error ? error.message : 'Network error';
}
