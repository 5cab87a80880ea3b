// Whether this page's /ws connection is open right now. Kept apart from socket.ts so lists can ask it (and stop
// polling while the socket tells them every change) without importing the connection itself.
let open = false;
const listeners = new Set<(open: boolean) => void>();

/** Whether the socket is open now: its messages keep lists current, so polling may rest. */
export const socketIsOpen = (): boolean => open;

/** Called by the socket client when its connection opens or closes. */
export function setSocketOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  listeners.forEach((listener) => listener(value));
}

/** Calls `listener` each time the connection opens or closes; returns the unsubscribe function. */
export function onSocketOpenChange(listener: (open: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
