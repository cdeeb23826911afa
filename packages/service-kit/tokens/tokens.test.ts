import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  newTokenKeyPair,
  createTokenIssuer,
  createTokenVerifier,
  parseTokenKey,
  resolveSigningKey,
  resolveVerifyingKey,
} from './tokens.ts';

const keyPair = () => {
  const pair = newTokenKeyPair();
  return { ...pair, signingKey: createPrivateKey(pair.privateKey) };
};
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dayframe-tokens-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens: identity signs with its private key, everyone verifies with the public one', () => {
  const keys = keyPair();
  const issuer = createTokenIssuer(keys.signingKey);
  const verifier = createTokenVerifier(parseTokenKey(keys.publicKey, 'public'));

  it('signs the claims identity gives it and the public key alone verifies them', () => {
    const token = issuer.sign({ sub: 'u1', role: 'admin', sv: 3, otp: 1700000000, sid: 's-9' });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'RS256',
    });
    const claims = verifier.verify(token);
    expect(claims).toMatchObject({ sub: 'u1', role: 'admin', sv: 3, otp: 1700000000, sid: 's-9' });
    expect(claims!.exp - claims!.iat).toBe(7 * 24 * 3600);
    expect(issuer.verify(token)).toEqual(claims);
  });

  it('remembers a verified token only until it expires, and never a tampered one', () => {
    let now = Date.parse('2026-03-01T00:00:00Z');
    const clock = { now: () => now };
    const shortIssuer = createTokenIssuer(keys.signingKey, { ttlSeconds: 60, ...clock });
    const remembering = createTokenVerifier(parseTokenKey(keys.publicKey, 'public'), clock);
    const token = shortIssuer.sign({ sub: 'u2', role: 'user', sv: 0 });
    expect(remembering.verify(token)?.sub).toBe('u2');
    expect(remembering.verify(token)?.sub).toBe('u2'); // from memory
    const [head, body, signature] = token.split('.');
    const forged = encode({
      ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
      role: 'admin',
    });
    expect(remembering.verify(`${head}.${forged}.${signature}`)).toBeNull();
    now += 59_999;
    expect(remembering.verify(token)?.sub).toBe('u2');
    now += 1;
    expect(remembering.verify(token)).toBeNull();
  });

  it('refuses every token not signed with identity private key', () => {
    const good = issuer.sign({ sub: 'u1', role: 'user', sv: 0 });
    const [head, body] = good.split('.') as [string, string];
    const hs256Head = encode({ alg: 'HS256', typ: 'JWT' });
    const forged = {
      'HS256 keyed with the public key': `${hs256Head}.${body}.${createHmac('sha256', keys.publicKey).update(`${hs256Head}.${body}`).digest('base64url')}`,
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${body}.`,
      'another RSA key': createTokenIssuer(keyPair().signingKey).sign({
        sub: 'u1',
        role: 'user',
        sv: 0,
      }),
      'RS512 with the right key': (() => {
        const h = encode({ alg: 'RS512', typ: 'JWT' });
        return `${h}.${body}.${sign('sha512', Buffer.from(`${h}.${body}`), keys.signingKey).toString('base64url')}`;
      })(),
      'changed claims': `${head}.${encode({ sub: 'u2', role: 'admin', sv: 0, iat: 1, exp: 9e9 })}.${good.split('.')[2]}`,
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(forged)) {
      expect(verifier.verify(token), name).toBeNull();
    }
    expect(verifier.verify(good)).not.toBeNull();
  });

  it('refuses an expired token', () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const clocked = createTokenIssuer(keys.signingKey, { now: () => now, ttlSeconds: 60 });
    const token = clocked.sign({ sub: 'u1', role: 'user', sv: 0 });
    expect(clocked.verify(token)).not.toBeNull();
    now += 61_000;
    expect(clocked.verify(token)).toBeNull();
  });

  it('accepts only RSA keys of 2048 bits or more, as PEM (one-line \\n escapes too)', () => {
    expect(parseTokenKey(keys.privateKey.replace(/\n/g, '\\n'), 'private').type).toBe('private');
    expect(() => parseTokenKey(keys.publicKey, 'private')).toThrow(/RSA private key/);
    expect(() => parseTokenKey('change-me', 'public')).toThrow(/RSA public key/);
    const ed = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' });
    expect(() => parseTokenKey(ed.toString(), 'public')).toThrow(/RSA public key/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    expect(() => parseTokenKey(small.toString(), 'public')).toThrow(/2048 bits/);
  });

  it('makes a development key pair once in DATA_DIR and refuses to in production', () => {
    const dir = tempDataDir();
    try {
      const first = resolveSigningKey({ DATA_DIR: dir.dir, NODE_ENV: 'development' });
      const again = resolveSigningKey({ DATA_DIR: dir.dir, NODE_ENV: 'development' });
      expect(again.equals(first)).toBe(true);
      const token = createTokenIssuer(first).sign({ sub: 'u', role: 'user', sv: 0 });
      const verifying = resolveVerifyingKey({ DATA_DIR: dir.dir, NODE_ENV: 'development' });
      expect(createTokenVerifier(verifying).verify(token)).not.toBeNull();
      expect(readdirSync(dir.dir)).toEqual(['jwt-private-key.pem']);
    } finally {
      dir.remove();
    }
    const empty = tempDataDir();
    try {
      expect(() => resolveSigningKey({ DATA_DIR: empty.dir, NODE_ENV: 'production' })).toThrow(
        'JWT_PRIVATE_KEY: required when NODE_ENV=production',
      );
      expect(() => resolveVerifyingKey({ DATA_DIR: empty.dir, NODE_ENV: 'production' })).toThrow(
        'JWT_PUBLIC_KEY: required when NODE_ENV=production',
      );
      expect(readdirSync(empty.dir)).toEqual([]);
    } finally {
      empty.remove();
    }
  });
});

describe('events signed by identity', () => {
  const keys = keyPair();
  const issuer = createTokenIssuer(keys.signingKey);
  const verifier = createTokenVerifier(parseTokenKey(keys.publicKey, 'public'));
  const fields = { id: 'e-1', userId: 'u-1', at: '2026-11-22T10:00:00.000Z' };
  const event = { ...fields, signature: issuer.signEvent('account.deleted', fields) };

  it('gives back the signed fields of an event signed with the private key', () => {
    expect(verifier.verifyEvent('account.deleted', event)).toEqual(fields);
    // A field published beside the signed ones is read by nobody acting on the result.
    expect(verifier.verifyEvent('account.deleted', { ...event, extra: 'x' })).toEqual(fields);
  });

  it('refuses an event unsigned, signed with another key, altered, or moved to another topic', () => {
    const other = createTokenIssuer(keyPair().signingKey);
    for (const forged of [
      fields,
      { ...fields, signature: '' },
      { ...fields, signature: other.signEvent('account.deleted', fields) },
      { ...event, userId: 'u-2' },
      { ...event, id: 'e-2' },
      { ...event, at: '2026-11-23T10:00:00.000Z' },
      { id: 'e-1', at: fields.at, signature: event.signature },
      null,
      'text',
    ])
      expect(verifier.verifyEvent('account.deleted', forged)).toBeNull();
    expect(verifier.verifyEvent('account.created', event)).toBeNull();
  });

  it('keeps event signatures and session tokens apart, though one key makes both', () => {
    expect(verifier.verify(event.signature)).toBeNull();
    const token = issuer.sign({ sub: 'u-1', role: 'user', sv: 0 });
    expect(verifier.verifyEvent('account.deleted', { ...fields, signature: token })).toBeNull();
    // A JWS made by hand with the right key but no event type is not an event signature.
    const header = encode({ alg: 'RS256', typ: 'JWT' });
    const payload = encode({ topic: 'account.deleted', event: fields });
    const unsigned = `${header}.${payload}`;
    const signature = sign('sha256', Buffer.from(unsigned), keys.signingKey).toString('base64url');
    expect(
      verifier.verifyEvent('account.deleted', { ...fields, signature: `${unsigned}.${signature}` }),
    ).toBeNull();
  });
});
