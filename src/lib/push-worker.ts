// What the service worker does with a push message and a click on a notification. Kept apart from src/sw.ts so the
// rules can be tested without a worker.
import * as z from 'zod/mini';
import { PushPayload } from '../domain/push';

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/** Shown when a push carries nothing readable: a push must always show something, and this never leaks anything. */
const FALLBACK: PushPayload = {
  title: 'Blockspin Market',
  body: 'You have an update. Open the app to see it.',
  url: '/',
  tag: 'blockspin-update',
};

/** A same-origin path to open, or '/' for anything else (a payload never sends the app to another site). */
export function safePath(url: string, origin: string): string {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The notification for a push message's text (JSON of a PushPayload); anything unreadable shows the fallback. */
export function notificationFor(text: string | null, origin: string): ShownNotification {
  let payload = FALLBACK;
  if (text) {
    try {
      const parsed = z.safeParse(PushPayload, JSON.parse(text));
      if (parsed.success) payload = parsed.data;
    } catch {
      // Not JSON: keep the fallback.
    }
  }
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en',
      data: { url: safePath(payload.url, origin) },
    },
  };
}

/** A notification for an admin action the outbox could not send; it stays on this device (the label names the record). */
export function failedAdminNotification(failures: Array<{ label: string; error?: string }>): ShownNotification {
  const first = failures[0]!;
  const body =
    failures.length === 1
      ? `${first.label}${first.error ? ` — ${first.error}` : ''}`
      : `${failures.length} queued admin actions were refused. Open Waiting to send to retry or discard them.`;
  return {
    title: failures.length === 1 ? 'A queued admin action failed' : 'Queued admin actions failed',
    options: {
      body,
      tag: 'admin-outbox-failed',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en',
      data: { url: '/?admin=outbox' },
    },
  };
}

interface WindowLike {
  url: string;
  focus(): Promise<WindowLike>;
  navigate(url: string): Promise<WindowLike | null>;
}
interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * Brings the app to the notification's screen: an open window of the app is focused and sent there (the focused one
 * first), else a new window opens on it.
 */
export async function openScreen(clients: ClientsLike, path: string, origin: string): Promise<void> {
  const target = new URL(safePath(path, origin), origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => client.url.startsWith(origin));
  const existing = windows.find((client) => (client as { focused?: boolean }).focused) ?? windows[0];
  if (existing) {
    // Focusing needs the click's user activation; without it (or if refused) the window still moves to the screen.
    const focused = await existing.focus().catch(() => existing);
    if (focused.url === target) return;
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await clients.openWindow(target);
}
