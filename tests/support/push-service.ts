import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';

export interface PushDelivery {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/**
 * A local stand-in for a push service (FCM, Mozilla, Apple): a real HTTP server on 127.0.0.1 that records every
 * message per device and answers each with the next status planned for that device (201 when none is planned), or
 * never answers while the device is set to hang.
 */
export async function startPushService() {
  const deliveries: PushDelivery[] = [];
  const attempts: Array<{ device: string; status: number | 'hung' }> = [];
  const planned = new Map<string, number[]>();
  const hanging = new Set<string>();
  /** Per device: hung requests whose connection the sender has since closed (gave up on). */
  const abandoned = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = (req.url ?? '').replace(/^\/push\//, '');
      if (hanging.has(device)) {
        attempts.push({ device, status: 'hung' });
        res.once('close', () => abandoned.set(device, (abandoned.get(device) ?? 0) + 1));
        return;
      }
      const status = planned.get(device)?.shift() ?? 201;
      attempts.push({ device, status });
      if (status < 300) deliveries.push({ device, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deliveries,
    attempts,
    /** The statuses the next messages to a device are answered with, in order. */
    plan: (device: string, ...statuses: number[]) => planned.set(device, statuses),
    hang: (device: string, on = true) => (on ? hanging.add(device) : hanging.delete(device)),
    /** How many of the hung requests to a device the sender has given up on (closed) so far. */
    abandoned: (device: string) => abandoned.get(device) ?? 0,
    to: (device: string) => deliveries.filter((delivery) => delivery.device === device),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's side of a subscription: its P-256 key pair and auth secret, which only the test (the "browser") holds. */
export interface FakeDevice {
  name: string;
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function newDevice(service: LocalPushService, name: string): FakeDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    name,
    ecdh,
    auth,
    subscription: {
      endpoint: `${service.url}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** Decrypts an aes128gcm push body with the device's private key and auth secret, as the browser would. */
export function decryptFor(device: FakeDevice, body: Buffer): unknown {
  return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
}

/**
 * Checks a `vapid t=…, k=…` Authorization header: the key is the server's, the JWT is ES256-signed by it, names
 * the push service's origin as audience, a subject, and expires within a day. Answers the JWT's claims.
 */
export function verifyVapid(header: string | undefined, publicKey: string, audience: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, key] = match;
  if (key !== publicKey) throw new Error('the VAPID key is not the server public key');
  const [head, claims, signature] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const keyObject = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: keyObject, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (parsed.aud !== audience) throw new Error(`VAPID audience ${parsed.aud}, expected ${audience}`);
  const now = Date.now() / 1000;
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 3600 + 60)) throw new Error(`VAPID exp ${parsed.exp} is not within a day`);
  return parsed;
}
