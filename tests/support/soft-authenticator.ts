import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// Test-only: a software passkey authenticator, enough to answer WebAuthn ceremonies the way a phone's platform
// authenticator does (attestation 'none', ES256), for the API tests. The browser tests use Chromium's virtual one.

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
type CborMap = Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(value, 1);
  return out;
}

/** The little CBOR a COSE key and an attestation object need: small integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

/** A platform authenticator holding passkeys for one relying party. */
export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];
  constructor(
    readonly rpID: string,
    readonly origin: string,
  ) {}

  /** Answers navigator.credentials.create() for the server's options (JSON as @simplewebauthn/browser sends it). */
  register(options: { challenge: string; user: { id: string } }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(16);
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    // Flags: user present, user verified, attested credential data included.
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([0x45]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      coseKey,
    ]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin }));
    const passkey = { id: b64url(credentialId), privateKey, userHandle: options.user.id, signCount: 0 };
    this.passkeys.push(passkey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers navigator.credentials.get() with a passkey (the first by default), for `origin` (this one unless a test fakes another). */
  authenticate(options: { challenge: string }, passkey = this.passkeys[0], origin = this.origin) {
    passkey.signCount += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(passkey.signCount);
    const authenticatorData = Buffer.concat([sha256(this.rpID), Buffer.from([0x05]), count]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), passkey.privateKey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
