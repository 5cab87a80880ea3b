// Test-only: a stand-in for '@/lib/socket' that keeps what Admin Control subscribes, so a test can play messages to it.
// Mocked in a test file with `vi.mock('@/lib/socket', () => import('../testing/socket-mock'))`.
import type { SocketMessage } from '@/domain/socket-messages';

/** The handlers subscribed now. */
export const socketHandlers = new Set<(message: SocketMessage) => void>();

export function subscribeSocket(handler: (message: SocketMessage) => void): () => void {
  socketHandlers.add(handler);
  return () => socketHandlers.delete(handler);
}
