// What the service worker does with a push message and a click on a notification. Kept apart from src/sw.ts so the
// rules can be tested without a worker.
import * as z from 'zod/mini';
import { PushPayload } from '../domain/push';
import { swText, type SwTexts } from './sw-texts';

export interface ShownNotification {
  title: string;
  options: NotificationOptions & {
    data: { url: string; proposalId?: number };
    /** Buttons on the notification (not in every TypeScript lib's NotificationOptions). */
    actions?: Array<{ action: string; title: string }>;
  };
}

/** The notification buttons of a proposed time, when the push does not title them in the player's language. */
export const proposalActions = (texts?: SwTexts) => [
  { action: 'accept', title: swText(texts, 'accept') },
  { action: 'decline', title: swText(texts, 'decline') },
];

/** Shown when a push carries nothing readable: a push must always show something, and this never leaks anything. */
const fallback = (texts?: SwTexts): PushPayload => ({
  title: 'Blockspin Market',
  body: swText(texts, 'fallback'),
  url: '/',
  tag: FALLBACK_TAG,
});
const FALLBACK_TAG = 'blockspin-update';

/** A same-origin path to open, or '/' for anything else (a payload never sends the app to another site). */
export function safePath(url: string, origin: string): string {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

/** A Declarative Web Push message's notification (issue 47.10), as far as this worker reads it. */
const Declarative = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.optional(z.string()),
    navigate: z.string(),
    tag: z.optional(z.string()),
    data: z.optional(z.object({ proposalId: z.optional(z.number()) })),
  }),
});

/** The language a message's declarative notification names. */
const Language = z.object({ notification: z.object({ lang: z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)) }) });

/** The payload a message's JSON carries: its classic fields, else its declarative notification, else undefined. */
function payloadOf(json: unknown): PushPayload | undefined {
  const classic = z.safeParse(PushPayload, json);
  if (classic.success) return classic.data;
  const declarative = z.safeParse(Declarative, json);
  if (!declarative.success) return undefined;
  const { title, body, navigate, tag, data } = declarative.data.notification;
  return { title, body: body ?? '', url: navigate, tag: tag ?? FALLBACK_TAG, ...(data?.proposalId ? { proposalId: data.proposalId } : {}) };
}

/**
 * The notification for a push message's text; anything unreadable shows the fallback. The server sends a Declarative
 * Web Push message with the classic PushPayload fields beside it (server/modules/push/wire.ts `wireMessage`):
 * browsers that show declarative messages themselves never wake this worker for it, every other one lands here, so
 * each message shows exactly one notification.
 */
export function notificationFor(text: string | null, origin: string, texts?: SwTexts): ShownNotification {
  const unreadable = fallback(texts);
  let payload = unreadable;
  let lang = texts?.lang ?? 'en';
  if (text) {
    try {
      const json: unknown = JSON.parse(text);
      payload = payloadOf(json) ?? unreadable;
      // The language the server wrote it in (issue 50), named by the declarative twin.
      const named = z.safeParse(Language, json);
      if (payload !== unreadable && named.success) lang = named.data.notification.lang;
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
      lang,
      data: { url: safePath(payload.url, origin), ...(payload.proposalId ? { proposalId: payload.proposalId } : {}) },
      ...(payload.proposalId
        ? { actions: (payload.actions ?? proposalActions(texts)).map((a) => ({ ...a })), requireInteraction: true }
        : {}),
    },
  };
}

/**
 * Accept or Decline pressed on a proposal's notification: answers it (POST /api/proposals/{id}/accept|decline, with
 * the session cookie) and says how it went in a notification that opens the record's screen.
 */
export async function answerProposal(
  fetcher: typeof fetch,
  proposalId: number,
  answer: 'accept' | 'decline',
  url: string,
  texts?: SwTexts,
): Promise<ShownNotification> {
  let message: string | null = null;
  let ok = false;
  try {
    const response = await fetcher(`/api/proposals/${proposalId}/${answer}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    });
    ok = response.ok;
    if (!ok) message = ((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? null;
  } catch {
    message = swText(texts, 'offline');
  }
  const title = swText(texts, ok ? (answer === 'accept' ? 'accepted' : 'declined') : 'notSent');
  const body = ok ? swText(texts, answer === 'accept' ? 'acceptedBody' : 'declinedBody') : (message ?? swText(texts, 'openToAnswer'));
  return {
    title,
    options: {
      body,
      tag: `proposal-answer-${proposalId}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: texts?.lang ?? 'en',
      data: { url },
    },
  };
}

/** A notification for an admin action the outbox could not send; it stays on this device (the label names the record). */
export function failedAdminNotification(failures: Array<{ label: string; error?: string }>, texts?: SwTexts): ShownNotification {
  const first = failures[0]!;
  const body =
    failures.length === 1
      ? `${first.label}${first.error ? ` — ${first.error}` : ''}`
      : swText(texts, 'adminRefusedMany', { count: failures.length });
  return {
    title: swText(texts, failures.length === 1 ? 'adminFailed' : 'adminFailedMany'),
    options: {
      body,
      tag: 'admin-outbox-failed',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: texts?.lang ?? 'en',
      data: { url: '/admin/outbox' },
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

/**
 * The browser replaced or dropped this device's subscription (`pushsubscriptionchange`: Chrome and Firefox fire it;
 * Safari does not, which the check at every launch covers, src/lib/push-recheck.ts): the new one — or one made again
 * with the old one's options — is registered with the server for the signed-in user, so notices keep arriving.
 * Answers whether the server took it.
 */
export async function renewSubscription(
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>,
  change: { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null },
  fetcher: typeof fetch,
): Promise<boolean> {
  const renewed =
    change.newSubscription ??
    (await pushManager.getSubscription()) ??
    (change.oldSubscription ? await pushManager.subscribe(change.oldSubscription.options) : null);
  if (!renewed) return false;
  const response = await fetcher('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(renewed.toJSON()),
  });
  return response.ok;
}
