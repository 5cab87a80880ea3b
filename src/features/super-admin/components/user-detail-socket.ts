import type { SocketMessage } from '@/domain/socket-messages';

// The socket of the user page's tests: it hands the page's handler a CREDIT_UPDATE as /ws would. A test file mocks
// '@/lib/socket' itself (a mock is per file) with this module's `socketModule`; it imports nothing of the app, so the
// mock's factory may load it.

export const socketHandlers = new Set<(message: SocketMessage) => void>();

export const socketModule = {
  subscribeSocket: (handler: (message: SocketMessage) => void) => {
    socketHandlers.add(handler);
    return () => socketHandlers.delete(handler);
  },
};
