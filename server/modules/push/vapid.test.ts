import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { chooseSubject, DEFAULT_VAPID_SUBJECT, loadVapidKeys, subjectProblem, VAPID_FILE } from './vapid';

const logger = createLogger('silent');

describe('VAPID subject', () => {
  it.each(['mailto:ops@localhost', 'https://localhost:3000', 'https://127.0.0.1', 'mailto:me@127.0.0.1', 'https://app.localhost'])(
    'refuses the local %s',
    (subject) => {
      expect(subjectProblem(subject)).toMatch(/localhost/);
    },
  );
  it.each(['http://market.example', 'ops@market.example', 'mailto:'])('refuses %s, which is neither mailto: nor https:', (subject) => {
    expect(subjectProblem(subject)).not.toBeNull();
  });
  it('accepts a mailto: address and an https: site', () => {
    expect(subjectProblem('mailto:ops@market.example')).toBeNull();
    expect(subjectProblem('https://market.example')).toBeNull();
  });
  it('when unset, uses an https public origin, else the default mailto:; a bad configured one stops the start', () => {
    expect(chooseSubject(undefined, 'https://market.example/')).toBe('https://market.example');
    expect(chooseSubject(undefined, 'http://localhost:3000')).toBe(DEFAULT_VAPID_SUBJECT);
    expect(() => chooseSubject('https://localhost', undefined)).toThrow(/localhost/);
  });
});

describe('VAPID keys', () => {
  it('when none are configured, then a pair is generated at the first start into a 0600 file and the same pair is read back later', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const first = loadVapidKeys({ dataDir }, logger);
      const file = path.join(dataDir, VAPID_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(first.publicKey);
      expect(loadVapidKeys({ dataDir }, logger)).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('when configured, then the environment pair is used (both or neither) and checked', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const pair = loadVapidKeys({ dataDir }, logger);
      const other = mkdtempSync(path.join(tmpdir(), 'vapid-'));
      expect(
        loadVapidKeys(
          { dataDir: other, publicKey: pair.publicKey, privateKey: pair.privateKey, subject: 'mailto:a@market.example' },
          logger,
        ),
      ).toEqual({ ...pair, subject: 'mailto:a@market.example' });
      expect(() => loadVapidKeys({ dataDir: other, publicKey: pair.publicKey }, logger)).toThrow(/both/);
      expect(() => loadVapidKeys({ dataDir: other, publicKey: 'short', privateKey: 'short' }, logger)).toThrow();
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
