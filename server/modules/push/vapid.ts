import { existsSync, readFileSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Logger } from '../../lib/logger';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Used when VAPID_SUBJECT is not set and the public origin cannot serve as one (push services want a way to reach us). */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@blockspin.market';
export const VAPID_FILE = 'vapid-keys.json';

const LOCAL_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$/i;

/**
 * Checks a VAPID subject: a mailto: address or an https: URL, never on a local host (Apple's push service refuses
 * those). Answers the reason when it is not acceptable.
 */
export function subjectProblem(subject: string): string | null {
  if (subject.startsWith('mailto:')) {
    const domain = subject.slice('mailto:'.length).split('@')[1]?.split(/[?>]/)[0] ?? '';
    if (!domain) return `VAPID_SUBJECT '${subject}' is not a mailto: address`;
    return LOCAL_HOST.test(domain) ? `VAPID_SUBJECT must not be a localhost address (push services refuse it), got '${subject}'` : null;
  }
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return `VAPID_SUBJECT must be a mailto: address or an https: URL, got '${subject}'`;
  }
  if (url.protocol !== 'https:') return `VAPID_SUBJECT must be a mailto: address or an https: URL, got '${subject}'`;
  if (LOCAL_HOST.test(url.hostname)) return `VAPID_SUBJECT must not be a localhost address (push services refuse it), got '${subject}'`;
  return null;
}

/** The configured subject, else the public origin when it is a real https site, else a fixed mailto: address. */
export function chooseSubject(configured: string | undefined, publicOrigin: string | undefined): string {
  if (configured) {
    const problem = subjectProblem(configured);
    if (problem) throw new Error(problem);
    return configured;
  }
  if (publicOrigin && subjectProblem(publicOrigin) === null) return publicOrigin.replace(/\/$/, '');
  return DEFAULT_VAPID_SUBJECT;
}

/**
 * The server's VAPID key pair: from the environment when both keys are given, else the pair kept in
 * DATA_DIR/vapid-keys.json (mode 0600), generated at the first start. Keeping the pair matters: every browser
 * subscription is bound to the public key it was made with, so a new pair would silently orphan them all.
 */
export function loadVapidKeys(
  options: { publicKey?: string; privateKey?: string; subject?: string; publicOrigin?: string; dataDir: string },
  logger: Logger,
): VapidKeys {
  const subject = chooseSubject(options.subject, options.publicOrigin);
  if (options.publicKey || options.privateKey) {
    if (!options.publicKey || !options.privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    // Throws with the library's own message when a key is not a P-256 key in URL-safe base64.
    webpush.setVapidDetails(subject, options.publicKey, options.privateKey);
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject };
  }
  const file = path.join(options.dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    webpush.setVapidDetails(subject, stored.publicKey, stored.privateKey);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  logger.info({ file }, 'generated the VAPID keys for Web Push');
  return { ...generated, subject };
}
