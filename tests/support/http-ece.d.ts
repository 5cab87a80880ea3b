// The http_ece package ships no types; only the decryption the push tests use is declared.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string | Buffer; dh?: string },
  ): Buffer;
}
