// A notice as it travels (issue 47.10): the Declarative Web Push message with the classic fields beside it, kept
// under the push services' size limit.
import { DEFAULT_LOCALE, type Locale } from '../../../src/domain/locale';
import { MAX_PUSH_PAYLOAD_BYTES, type PushPayload } from '../../../src/domain/push';
import type { PushNotice } from './notice-parts';

/** Declarative Web Push's marker (RFC 8030's number): a JSON message with it is shown by the browser itself. */
export const DECLARATIVE_WEB_PUSH = 8030;

/**
 * What a push message carries on the wire (issue 47.10). Safari 18.4+ (home-screen apps on iOS and iPadOS) shows a
 * Declarative Web Push message — `web_push: 8030` and a `notification` with `title`, `body` and `navigate` — without
 * waking the service worker, and navigates on a tap. Every other browser hands the same JSON to the service worker's
 * push handler, which reads the classic fields beside it (title, body, url, tag, proposalId: the PushPayload our
 * worker has always read) — so no browser gets a push that shows nothing (iOS revokes those subscriptions).
 *
 * WebKit parses `navigate` and `icon` as absolute URLs (no base: a path makes the whole message fail to parse), so
 * both are made of the app's origin; without one known, no icon is named. `app_badge` (the icon's count, set by the
 * browser for us) is read by WebKit inside `notification` and by the W3C draft at the top level: it goes in both.
 */
export function wireMessage(payload: PushPayload, { origin, appBadge, lang }: { origin?: string; appBadge?: number; lang?: Locale } = {}) {
  const badge = appBadge !== undefined ? { app_badge: Math.max(0, Math.floor(appBadge)) } : {};
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: {
      title: payload.title,
      body: payload.body,
      // The app's own screen; a push never sends the app elsewhere.
      navigate: origin ? new URL(payload.url, origin).href : payload.url,
      tag: payload.tag,
      lang: lang ?? DEFAULT_LOCALE,
      dir: 'ltr' as const,
      silent: false,
      ...(origin ? { icon: new URL('/icons/icon-192.png', origin).href } : {}),
      data: { url: payload.url, ...(payload.proposalId ? { proposalId: payload.proposalId } : {}) },
      ...badge,
    },
    ...badge,
    ...payload,
  };
}

/** The encrypted body's text: `wireMessage` as JSON. */
export const wireBody = (payload: PushPayload, options: { origin?: string; appBadge?: number; lang?: Locale } = {}) =>
  JSON.stringify(wireMessage(payload, options));

/** Bytes kept free in a payload for the origin that makes `navigate` absolute. */
const ORIGIN_ALLOWANCE = 256;

/**
 * Makes a notice fit the payload limit by shortening its body (titles, URLs and tags are short by construction),
 * measured as it is sent: the declarative message with the classic fields beside it.
 */
export function fitted(notice: PushNotice): PushNotice {
  let { body } = notice.payload;
  // The origin added to `navigate` and the app badge when sent take at most a few hundred bytes: room is kept for them.
  while (Buffer.byteLength(wireBody({ ...notice.payload, body })) > MAX_PUSH_PAYLOAD_BYTES - ORIGIN_ALLOWANCE && body.length > 1) {
    body = `${body.slice(0, Math.floor(body.length * 0.8))}…`;
  }
  return body === notice.payload.body ? notice : { ...notice, payload: { ...notice.payload, body } };
}
