import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@hostpilot/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/*
 * The pieces of two-factor sign-in that need no database (docs/decisions/023-two-factor-sign-in.md): TOTP codes
 * (RFC 6238 through the otpauth library: SHA-1, 6 digits, 30-second steps, what every authenticator app reads),
 * the sealing of secrets, recovery codes and their keyed hashes.
 */

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'HostPilot';
/** Codes of the step before and after the current one are accepted too: clocks drift and people type slowly. */
const ACCEPT_WINDOW = 1;
/** A code this many steps old (five minutes) is reported as expired rather than wrong. */
const EXPIRED_WINDOW = 10;

/** The keys derived from the server secret: one to seal TOTP secrets, one to hash recovery codes. */
export interface TwoFactorKeys {
  seal: Buffer;
  recovery: Buffer;
}

export function deriveTwoFactorKeys(serverSecret: string): TwoFactorKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'hostpilot', info, 32));
  return { seal: derive('two-factor secret sealing'), recovery: derive('recovery code hashing') };
}

/** Encrypts a secret with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** Decrypts what sealSecret made; throws when it was altered or sealed under another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: TOTP_PERIOD_SECONDS });
}

/** The time step a moment falls in. */
export function timeStep(now: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** The code of a secret at a moment (tests and the set-up's examples). */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'expired' };

/**
 * Checks a code at `now`: accepted for the current step or one either side, answering the step it matched (for the
 * replay check); a code of up to five minutes ago is `expired`, anything else `wrong`.
 */
export function checkTotp(secret: string, code: string, now: number): CodeCheck {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: ACCEPT_WINDOW });
  if (delta !== null) return { ok: true, step: timeStep(now) + delta };
  const old = generator.validate({ token: code, timestamp: now, window: EXPIRED_WINDOW });
  return { ok: false, reason: old !== null && old < 0 ? 'expired' : 'wrong' };
}

/** The otpauth:// URI an authenticator app reads, and its QR code as SVG. */
export async function setupOf(secret: string, accountLabel: string) {
  const otpauthUri = totp(secret, accountLabel).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/** Crockford's base32 alphabet: no i, l, o or u, so that nothing reads as another character. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code: ten characters (50 random bits) as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** A recovery code as typed, in its one spelling: case, spaces and hyphens ignored; o read as 0, i and l as 1. */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

/**
 * The stored form of a recovery code: an HMAC under a key derived from the server secret, so that a copy of the
 * database alone does not let anyone try all 2^50 codes offline.
 */
export function hashRecoveryCode(key: Buffer, typed: string): string {
  return createHmac('sha256', key).update(normalizeRecoveryCode(typed)).digest('base64url');
}

/** The stored form of a challenge token (256 random bits: a plain SHA-256 is enough). */
export function hashChallenge(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
