import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { createTokenIssuer, createTokenVerifier, newTokenKeyPair } from './tokens.ts';

// A confirmation and a session token are signed with the same key: neither may pass for the other.
describe('confirmations (step-up)', () => {
  const signingKey = createPrivateKey(newTokenKeyPair().privateKey);
  let now = Date.parse('2026-11-26T10:00:00Z');
  const issuer = createTokenIssuer(signingKey, { now: () => now });
  const verifier = createTokenVerifier(createPublicKey(signingKey), { now: () => now });
  const claims = { sub: 'u1', sid: 's1', sv: 3, amr: 'password' as const };

  it('verifies with the public key alone, for ten minutes', () => {
    const { confirmation, expiresAt } = issuer.signConfirmation(claims);
    expect(expiresAt - now).toBe(10 * 60_000);
    expect(verifier.verifyConfirmation(confirmation)).toMatchObject(claims);
    now += 10 * 60_000 + 1_000;
    expect(verifier.verifyConfirmation(confirmation)).toBeNull();
  });

  it('is no session token, and a session token is no confirmation', () => {
    const { confirmation } = issuer.signConfirmation(claims);
    expect(verifier.verify(confirmation)).toBeNull();
    // Even with a role added by whoever holds the key, an audience marks it as not a session.
    const withRole = jwt.sign(
      { ...claims, role: 'admin', aud: 'step-up', exp: Math.floor(now / 1000) + 60 },
      signingKey,
      { algorithm: 'RS256', header: { alg: 'RS256', typ: 'dayframe-confirmation' } },
    );
    expect(verifier.verify(withRole)).toBeNull();
    const session = issuer.sign({ sub: 'u1', role: 'user', sv: 3, sid: 's1' });
    expect(verifier.verifyConfirmation(session)).toBeNull();
  });

  it('refuses one that would speak for longer than ten minutes, or lacks its type', () => {
    const iat = Math.floor(now / 1000);
    const sign = (payload: object, typ = 'dayframe-confirmation') =>
      jwt.sign({ ...claims, aud: 'step-up', iat, ...payload }, signingKey, {
        algorithm: 'RS256',
        header: { alg: 'RS256', typ },
      });
    expect(verifier.verifyConfirmation(sign({ exp: iat + 600 }))).not.toBeNull();
    expect(verifier.verifyConfirmation(sign({ exp: iat + 3600 }))).toBeNull();
    expect(verifier.verifyConfirmation(sign({ exp: iat + 600 }, 'JWT'))).toBeNull();
  });
});
