import { ApiError, NetworkError } from '../lib/api-client';

/** The text to show for a failed call: the network text when offline, else the server's message, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string, network: string): string {
  if (error instanceof NetworkError) return network;
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof TypeError) return network;
  return fallback;
}
