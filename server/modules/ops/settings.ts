import * as z from 'zod';
import { type Env, given, number, readEnv } from '../../lib/env';

/**
 * The operating settings (issue 51, DESIGN.md §16): who may read /metrics, where admin alerts go, and how long a
 * stopping process reports itself not ready before it closes its listener.
 */
export interface OpsConfig {
  /** METRICS_TOKEN: /metrics answers `Authorization: Bearer <token>`; unset, it answers loopback addresses only. */
  metricsToken?: string;
  /** ALERT_WEBHOOK_URL: a Discord-compatible webhook (JSON `{ content, embeds }`) told of what admins act on. */
  alertWebhookUrl?: string;
  /** ALERT_WEBHOOK_HOSTS: hosts trusted beside Discord's (a self-hosted chat with a Discord-compatible webhook). */
  alertWebhookHosts: string[];
  /** Tests only: a PEM certificate the webhook's TLS is checked against (a local https sink). */
  alertWebhookCa?: string;
  /** Tests only: the first retry of an alert the webhook answered 5xx or did not answer; doubles per try. */
  alertRetryBaseMs: number;
  /** SHUTDOWN_DRAIN_SECONDS: after SIGTERM, /readyz answers 503 this long before the listener closes. */
  shutdownDrainMs: number;
}

/** The webhook hosts allowed without ALERT_WEBHOOK_HOSTS: the server posts nowhere else (as push posts only to push services). */
export const ALERT_WEBHOOK_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];

export const OPS_DEFAULTS: OpsConfig = {
  alertWebhookHosts: [],
  alertRetryBaseMs: 5_000,
  shutdownDrainMs: 0,
};

/** Why a webhook URL is refused (not https, credentials in it, a host not allowed), or null when it may be used. */
export function webhookProblem(url: string, extraHosts: string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'ALERT_WEBHOOK_URL must be a URL';
  }
  if (parsed.protocol !== 'https:') return 'ALERT_WEBHOOK_URL must be an https: URL';
  if (parsed.username || parsed.password) return 'ALERT_WEBHOOK_URL must not carry a user name or password';
  const host = parsed.hostname.toLowerCase();
  if (![...ALERT_WEBHOOK_HOSTS, ...extraHosts].includes(host))
    return `ALERT_WEBHOOK_URL's host ${host} is not allowed: use a Discord webhook or name the host in ALERT_WEBHOOK_HOSTS`;
  return null;
}

export const OpsEnv = z
  .object({
    METRICS_TOKEN: given,
    ALERT_WEBHOOK_URL: given,
    ALERT_WEBHOOK_HOSTS: given.transform((list) =>
      (list ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
    SHUTDOWN_DRAIN_SECONDS: number((seconds) => seconds >= 0 && seconds <= 300, '0 to 300', 1_000),
  })
  // The webhook's host is checked against the hosts the same environment trusts.
  .superRefine((env, ctx) => {
    const problem = env.ALERT_WEBHOOK_URL ? webhookProblem(env.ALERT_WEBHOOK_URL, env.ALERT_WEBHOOK_HOSTS) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['ALERT_WEBHOOK_URL'], message: problem });
  });

/** METRICS_TOKEN, ALERT_WEBHOOK_URL, ALERT_WEBHOOK_HOSTS and SHUTDOWN_DRAIN_SECONDS, checked; throws on a bad one. */
export function loadOpsConfig(env: Env): OpsConfig {
  const read = readEnv(OpsEnv, env);
  return {
    metricsToken: read.METRICS_TOKEN,
    alertWebhookUrl: read.ALERT_WEBHOOK_URL,
    alertWebhookHosts: read.ALERT_WEBHOOK_HOSTS,
    alertRetryBaseMs: OPS_DEFAULTS.alertRetryBaseMs,
    shutdownDrainMs: read.SHUTDOWN_DRAIN_SECONDS ?? OPS_DEFAULTS.shutdownDrainMs,
  };
}
