import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CART } from '../api/helpers';
import { SUPER_ADMIN } from '../support/server';
import { waitFor } from '../support/server-process';
import { openSocket, servedBy, SKIP, useNginxSite, type Answer, type Socket } from './nginx-steps';

// Issue 46 item 4: the shipped nginx site (deploy/nginx/blockspin-market.conf), run by Debian's nginx with TLS and
// HTTP/2, in front of two processes on one PostgreSQL (tests/pg/nginx-steps.ts). Only its ports and certificate paths
// are replaced.

describe.skipIf(SKIP !== null)('nginx (deploy/nginx/blockspin-market.conf) in front of two processes on one PostgreSQL', () => {
  const { site, client, signedIn } = useNginxSite();

  it('when the app is fetched over HTTP/2, then hashed assets are cached for good, the service worker and manifest are revalidated, and /metrics is not served', async () => {
    const { session } = site;
    expect(session.alpnProtocol).toBe('h2');
    const asset = await client().request('GET', '/assets/index-3f2a9c1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const answer = await client().request('GET', file);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    // Each process's metrics are not reachable through the public address.
    expect((await client().request('GET', '/metrics')).status).toBe(404);
    // The app sees HTTPS through X-Forwarded-Proto (TRUST_PROXY's default trusts this loopback proxy).
    const page = await client().request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toContain('max-age=');
  });

  it('when a player buys through nginx, then an admin’s socket on the process that did not serve the purchase gets it, as does one opened through nginx', async () => {
    const { a, b, base, ca } = site;
    const admin = await signedIn(SUPER_ADMIN.username, false);
    const throughNginx = await openSocket(base, admin.cookie, ca);
    const direct = await Promise.all([a, b].map((proc) => openSocket(proc.url, admin.cookie, ca)));
    const player = await signedIn('edge_ada');
    const bought = await player.request('POST', '/api/purchase-requests', CART);
    expect(bought.status).toBe(201);
    const served = await servedBy([a, b], bought);
    const other = direct[served === a ? 1 : 0];
    const heard = (socket: Socket) => socket.messages.some((m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === bought.body.id);
    await waitFor(() => heard(other) && heard(throughNginx), 15_000);
    expect(other.messages.find((m) => m.type === 'NEW_PURCHASE_REQUEST')!.payload).toEqual(bought.body);
    for (const socket of [throughNginx, ...direct]) socket.socket.close();
  });

  it('when a player logs out through nginx, then their socket on the other process closes', async () => {
    const { a, b, base, ca } = site;
    const player = await signedIn('edge_lou');
    const sockets = await Promise.all([a, b].map((proc) => openSocket(proc.url, player.cookie, ca)));
    const throughNginx = await openSocket(base, player.cookie, ca);
    const out = await player.request('POST', '/api/marketplace/logout');
    expect(out.status).toBeLessThan(300);
    const served = await servedBy([a, b], out);
    const other = sockets[served === a ? 1 : 0];
    expect(await other.closed).toBe(4401);
    expect(await throughNginx.closed).toBe(4401);
  });

  it('when one process is killed (SIGKILL) in the middle of a burst, then every purchase answered 201 is stored and heard, and nginx goes on serving from the other', async () => {
    const { a, b, ca, database } = site;
    const admin = await signedIn(SUPER_ADMIN.username, false);
    const survivor = await openSocket(a.url, admin.cookie, ca);
    const player = await signedIn('edge_burst');
    const answers: Answer[] = [];
    let next = 0;
    const killed = new Promise((resolve) => b.child.once('exit', resolve));
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < 60) {
          const i = next++;
          if (i === 20) b.child.kill('SIGKILL');
          answers.push(await player.request('POST', '/api/purchase-requests', CART));
        }
      }),
    );
    await killed;
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id as number);
    // Some answered before the kill, and the rest by the survivor: most of the burst went through.
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    // Any failure is nginx's 502 for a purchase in flight on the killed process (never resent: it may have committed).
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 502)).toBe(true);
    const control = new pg.Client({ connectionString: database.url });
    await control.connect();
    try {
      const stored = await control.query<{ id: number }>('SELECT id FROM purchase_requests WHERE id = ANY($1::int[])', [acknowledged]);
      expect(stored.rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    } finally {
      await control.end();
    }
    // Each note went out inside its purchase's transaction: the survivor's admin heard every acknowledged purchase,
    // those the killed process answered included.
    const heard = () => new Set(survivor.messages.filter((m) => m.type === 'NEW_PURCHASE_REQUEST').map((m) => m.payload.id as number));
    await waitFor(() => acknowledged.every((id) => heard().has(id)), 15_000);
    // nginx goes on: every call is answered by the survivor.
    for (let i = 0; i < 6; i++) {
      const list = await player.request('GET', '/api/user-purchase-requests/edge_burst');
      expect(list.status).toBe(200);
      expect(list.body.map((request: { id: number }) => request.id)).toEqual(expect.arrayContaining(acknowledged));
    }
    expect((await player.request('POST', '/api/purchase-requests', CART)).status).toBe(201);
    survivor.socket.close();
  }, 60_000);
});
