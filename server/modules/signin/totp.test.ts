import { TOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpStep, totpUri } from './totp';

describe('totpStep', () => {
  const secret = newTotpSecret();
  const codeAt = (time: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: time });

  it('when the code is of this step or one either side, then its step is answered; two steps away, null', () => {
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, 'boss', codeAt(now), now)).toBe(step);
    expect(totpStep(secret, 'boss', codeAt(now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, 'boss', codeAt(now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, 'boss', codeAt(now - 60_000), now)).toBeNull();
    expect(totpStep(secret, 'boss', '000000' === codeAt(now) ? '111111' : '000000', now)).toBeNull();
  });

  it('when the code is typed with a space, as apps show it, then it is accepted', () => {
    const now = 1_700_000_000_000;
    const code = codeAt(now);
    expect(totpStep(secret, 'boss', `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(Math.floor(now / 30_000));
  });

  it('the URI names the app and the account, with the secret', () => {
    expect(totpUri(secret, 'boss')).toBe(
      `otpauth://totp/Blockspin%20Market:boss?issuer=Blockspin%20Market&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
