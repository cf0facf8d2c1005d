import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  checkTotp,
  deriveTwoFactorKeys,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  sealSecret,
  setupOf,
  timeStep,
  totpCode,
} from './two-factor-codes';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 10);

describe('TOTP codes', () => {
  it('matches RFC 6238 test vector (SHA-1, 8 digits at 59 s), so the library computes the standard codes', () => {
    const secret = Secret.fromUTF8('12345678901234567890');
    const generator = new TOTP({ secret, digits: 8, period: 30 });
    expect(generator.generate({ timestamp: 59_000 })).toBe('94287082');
    expect(generator.generate({ timestamp: 1_111_111_109_000 })).toBe('07081804');
  });

  it('accepts the current code and one step either side, and answers the step it matched', () => {
    const secret = newTotpSecret();
    expect(checkTotp(secret, totpCode(secret, NOW), NOW)).toEqual({ ok: true, step: timeStep(NOW) });
    expect(checkTotp(secret, totpCode(secret, NOW - 30_000), NOW)).toEqual({ ok: true, step: timeStep(NOW) - 1 });
    expect(checkTotp(secret, totpCode(secret, NOW + 30_000), NOW)).toEqual({ ok: true, step: timeStep(NOW) + 1 });
  });

  it('calls a code of a few minutes ago expired, and any other code wrong', () => {
    const secret = newTotpSecret();
    expect(checkTotp(secret, totpCode(secret, NOW - 3 * 60_000), NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(checkTotp(secret, totpCode(secret, NOW + 3 * 60_000), NOW)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(secret, totpCode(newTotpSecret(), NOW), NOW).ok).toBe(false);
  });

  it('makes a 160-bit base32 secret, and an otpauth URI with its QR code as SVG', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const setup = await setupOf(secret, 'ann@example.com');
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/HostPilot:ann%40example.com?issuer=HostPilot&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrSvg).toMatch(/^<svg [^>]*viewBox=/);
  });
});

describe('sealed secrets', () => {
  const keys = deriveTwoFactorKeys(randomBytes(32).toString('hex'));

  it('opens what it sealed, never shows the secret, and refuses another key or an altered box', () => {
    const sealed = sealSecret(keys.seal, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(keys.seal, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(keys.seal, sealed)).toBe('JBSWY3DPEHPK3PXP');
    const other = deriveTwoFactorKeys(randomBytes(32).toString('hex'));
    expect(() => openSecret(other.seal, sealed)).toThrow();
    const parts = sealed.split('.');
    const altered = [...parts.slice(0, 3), Buffer.from('AAAAAAAAAAAAAAAA').toString('base64url')].join('.');
    expect(() => openSecret(keys.seal, altered)).toThrow();
    expect(() => openSecret(keys.seal, 'plain')).toThrow();
  });
});

describe('recovery codes', () => {
  const keys = deriveTwoFactorKeys('server secret');

  it('makes ten different codes of ten unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('hashes a code the same however it is typed, and differently under another key', () => {
    expect(normalizeRecoveryCode(' AB1O2-xyzIL ')).toBe('ab102xyz11');
    const hash = hashRecoveryCode(keys.recovery, 'ab1c2-xyz34');
    expect(hashRecoveryCode(keys.recovery, 'AB1C2 XYZ34')).toBe(hash);
    expect(hashRecoveryCode(keys.recovery, 'ab1c2xyz34')).toBe(hash);
    expect(hashRecoveryCode(keys.recovery, 'ab1c2-xyz35')).not.toBe(hash);
    expect(hashRecoveryCode(deriveTwoFactorKeys('another secret').recovery, 'ab1c2-xyz34')).not.toBe(hash);
  });
});
