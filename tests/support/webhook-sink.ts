import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WebhookPost {
  body: { content: string; embeds?: Array<{ title: string; description?: string; url?: string }>; allowed_mentions?: unknown };
  status: number | 'hung';
}

/** A self-signed certificate for 127.0.0.1, made with openssl for this run. */
function certificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'blockspin-sink-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local stand-in for a Discord webhook over https (a certificate of its own, given to the server as `ca`): it
 * records every post and answers each with the next planned status (204, as Discord does, when none is planned), or
 * never answers while it hangs.
 */
export async function startWebhookSink() {
  const tls = certificate();
  const posts: WebhookPost[] = [];
  const planned: number[] = [];
  let hanging = false;
  const hung: Array<{ destroy(): void }> = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookPost['body'];
      if (hanging) {
        hung.push(req.socket);
        return void posts.push({ body, status: 'hung' });
      }
      const status = planned.shift() ?? 204;
      posts.push({ body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/token`,
    ca: tls.cert,
    posts,
    /** Posts whose text contains `text`. */
    about: (text: string) => posts.filter((post) => post.body.content.includes(text)),
    /** The statuses the next posts are answered with, in order. */
    plan: (...statuses: number[]) => planned.push(...statuses),
    /** Stops answering; `hang(false)` answers again and cuts the connections left hanging (the sender retries those). */
    hang(on = true) {
      hanging = on;
      if (!on) for (const socket of hung.splice(0)) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;
