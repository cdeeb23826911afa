import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { factorSecrets } from './factor-secrets.ts';
import { matchingTotpStep, newTotpSecret, otpauthUrl, totpCodeAt } from './totp.ts';
import { looksLikeRecoveryCode, newRecoveryCode, normalizeRecoveryCode } from './recovery-codes.ts';

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890", eight digits.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('authenticator-app codes (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the RFC code is %s', async (seconds, code) => {
    expect(
      await generate({ secret: RFC_SECRET, epoch: seconds, digits: 8, algorithm: 'sha1' }),
    ).toBe(code);
    // Six digits are the last six of the eight (the same truncation, modulo 10^6).
    expect(await generate({ secret: RFC_SECRET, epoch: seconds, digits: 6 })).toBe(code.slice(2));
  });

  it('accepts its own step and one either side, refuses two away and taken steps', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = Date.parse('2026-11-22T10:00:15Z');
    const step = Math.floor(now / 30_000);
    const at = (steps: number) => totpCodeAt(secret, now + steps * 30_000);
    expect(await matchingTotpStep(secret, await at(0), now, null)).toBe(step);
    expect(await matchingTotpStep(secret, await at(-1), now, null)).toBe(step - 1);
    expect(await matchingTotpStep(secret, await at(1), now, null)).toBe(step + 1);
    expect(await matchingTotpStep(secret, await at(-2), now, null)).toBeNull();
    expect(await matchingTotpStep(secret, await at(2), now, null)).toBeNull();
    // Replay: a step at or before the last one taken is refused, a newer one is not.
    expect(await matchingTotpStep(secret, await at(0), now, step)).toBeNull();
    expect(await matchingTotpStep(secret, await at(-1), now, step - 1)).toBeNull();
    expect(await matchingTotpStep(secret, await at(1), now, step)).toBe(step + 1);
    expect(await matchingTotpStep(secret, await at(0), now, step + 1)).toBeNull();
    expect(await matchingTotpStep(secret, 'abcdef', now, null)).toBeNull();
  });

  it('writes the otpauth link apps read', () => {
    expect(otpauthUrl('a+b@example.com', 'ABC234')).toBe(
      'otpauth://totp/Dayframe:a%2Bb%40example.com?secret=ABC234&issuer=Dayframe',
    );
  });
});

describe('sealed secrets', () => {
  const sealer = factorSecrets('identity-secret-that-is-long-enough-0123456789');
  it('seals so that the stored value shows nothing and opens only for its user and key', () => {
    const secret = newTotpSecret();
    const sealed = sealer.seal('user-1', secret);
    expect(sealed).not.toContain(secret);
    expect(sealed.length).toBeLessThanOrEqual(255);
    expect(sealer.open('user-1', sealed)).toBe(secret);
    expect(sealed).not.toBe(sealer.seal('user-1', secret)); // a fresh IV each time
    expect(sealer.open('user-2', sealed)).toBeNull();
    expect(
      factorSecrets('another-secret-that-is-long-enough-0123456789').open('user-1', sealed),
    ).toBeNull();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(sealer.open('user-1', [v, iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(sealer.open('user-1', 'garbage')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are xxxxx-xxxxx from an unambiguous lower-case alphabet, and typed loosely', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(normalizeRecoveryCode(' AbCde - fGhJk ')).toBe('abcdefghjk');
    expect(looksLikeRecoveryCode('ABCDE FGHJK')).toBe(true);
    expect(looksLikeRecoveryCode('abcde-fghj')).toBe(false);
    expect(looksLikeRecoveryCode('abcde-fghjl')).toBe(false);
  });
});
