import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { Role } from '@dayframe/contracts';
import { expiringCache } from '../http/expiring-cache.ts';
import { signEvent, verifyEvent } from './signed-events.ts';
import { signConfirmation, verifyConfirmation, type ConfirmationClaims } from './confirmations.ts';

/**
 * What a Dayframe token says. `sv` is the user's session version: a password change or an
 * account deletion bumps or removes it, which retires every token issued before. `otp` is the
 * time (seconds) a code was verified, present only on tokens returned by code verification.
 * `sid` names one sign-in (one device), so logging out ends that session alone; `sat` is when
 * that sign-in happened (seconds), kept across refreshes to bound a session's whole life.
 * Identity may add claims of its own; they come back from `verify` untouched.
 */
export type TokenClaims = TokenInput & { iat: number; exp: number };

/** The claims identity asks to sign; `iat` and `exp` are added here. */
export type TokenInput = {
  sub: string;
  role: Role;
  sv: number;
  otp?: number;
  sid?: string;
  sat?: number;
  [claim: string]: unknown;
};

/** What every verifier holds: the public half only. */
export type Tokens = {
  /** The claims of a well-formed, unexpired RS256 token signed with identity's key; else null. */
  verify(token: string): TokenClaims | null;
  /**
   * The fields identity signed of an event published on `topic` (its `signature`, see
   * `signed-events.ts`), or null when it is unsigned, signed with another key, for another
   * topic, or altered after signing.
   */
  verifyEvent(topic: string, event: unknown): Record<string, unknown> | null;
  /**
   * The claims of a confirmation (`confirmations.ts`) signed with identity's key and not yet
   * expired, or null. Whether it belongs to the caller is `requireConfirmation`'s check.
   */
  verifyConfirmation(token: string): ConfirmationClaims | null;
};

/** What identity holds: it alone can mint tokens and sign the events it publishes. */
export type TokenIssuer = Tokens & {
  sign(input: TokenInput): string;
  /** The `signature` to publish beside `fields` on `topic`. */
  signEvent(topic: string, fields: Record<string, unknown>): string;
  /** A confirmation of the owner for one sign-in, good for `CONFIRMATION_TTL_MS`. */
  signConfirmation(input: Omit<ConfirmationClaims, 'iat' | 'exp'>): {
    confirmation: string;
    expiresAt: number;
  };
};

/**
 * RS256: an asymmetric algorithm, so a verifier's key cannot mint tokens, that jsonwebtoken
 * supports and that verifies cheaply (an RSA public-key check is ≈35 µs here, Ed25519's ≈170 µs).
 * Pinned: `none`, HS256 keyed with the public key and every other algorithm are refused.
 */
export const TOKEN_ALGORITHM = 'RS256';
const DEFAULT_TTL_SECONDS = 7 * 24 * 3600;

type TokenOptions = { ttlSeconds?: number; now?: () => number };

/** Verified tokens remembered per verifier: a client sends the same token on every call. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies with identity's public key. Key objects are made once: parsing a PEM per call is slow.
 * A token verified once is remembered until its `exp` (the same string can only verify the same
 * way; the signature check and JSON parsing were most of an API call's CPU). Only good tokens
 * are kept, so garbage sent at the API cannot push them out faster than it is checked.
 */
export function createTokenVerifier(publicKey: KeyObject, options: TokenOptions = {}): Tokens {
  const now = options.now ?? Date.now;
  const verified = expiringCache<TokenClaims>({ max: VERIFIED_TOKENS_KEPT, now });
  return {
    verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const claims = jwt.verify(token, publicKey, {
          algorithms: [TOKEN_ALGORITHM],
          clockTimestamp: Math.floor(now() / 1000),
        });
        if (!isClaims(claims)) return null;
        // Frozen: every request shares this object, so none may change it for the others.
        verified.set(token, Object.freeze(claims), claims.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
    verifyEvent: (topic, event) => verifyEvent(publicKey, TOKEN_ALGORITHM, topic, event),
    verifyConfirmation: (token) => verifyConfirmation(publicKey, TOKEN_ALGORITHM, token, now()),
  };
}

/** Signs with identity's private key (and verifies with its public half). */
export function createTokenIssuer(privateKey: KeyObject, options: TokenOptions = {}): TokenIssuer {
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const now = options.now ?? Date.now;
  const verifier = createTokenVerifier(createPublicKey(privateKey), options);
  return {
    ...verifier,
    sign(input) {
      const iat = Math.floor(now() / 1000);
      const payload: Record<string, unknown> = {};
      for (const [claim, value] of Object.entries(input)) {
        if (value !== undefined) payload[claim] = value;
      }
      payload.iat = iat;
      payload.exp = iat + ttlSeconds;
      return jwt.sign(payload, privateKey, { algorithm: TOKEN_ALGORITHM });
    },
    signEvent: (topic, fields) => signEvent(privateKey, TOKEN_ALGORITHM, topic, fields),
    signConfirmation: (input) => signConfirmation(privateKey, TOKEN_ALGORITHM, input, now()),
  };
}

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    (c.role === 'user' || c.role === 'admin') &&
    Number.isInteger(c.sv) &&
    typeof c.exp === 'number' &&
    typeof c.iat === 'number' &&
    // Tokens with an audience are for one purpose (a confirmation), never a session.
    c.aud === undefined &&
    (c.otp === undefined || typeof c.otp === 'number') &&
    (c.sid === undefined || typeof c.sid === 'string') &&
    (c.sat === undefined || typeof c.sat === 'number')
  );
}

const MIN_RSA_BITS = 2048;

/**
 * A PEM from the environment. `\n` written as two characters (one-line `.env` values) is
 * accepted. Throws a message fit for "VARIABLE: message" when it is not an RSA key of at
 * least 2048 bits of the wanted kind.
 */
export function parseTokenKey(text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.includes('\\n') ? text.replace(/\\n/g, '\n') : text;
  // createPublicKey accepts a private key too (and derives its public half): a private key
  // pasted where the public one belongs would hand a verifier the power to sign.
  if (kind === 'public' && /PRIVATE KEY/.test(pem)) {
    throw new Error('must be a PEM-encoded RSA public key, not a private one');
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new Error(`must be a PEM-encoded RSA ${kind} key`);
  }
  if (key.type !== kind || key.asymmetricKeyType !== 'rsa') {
    throw new Error(`must be a PEM-encoded RSA ${kind} key`);
  }
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) {
    throw new Error(`must be an RSA key of at least ${MIN_RSA_BITS} bits`);
  }
  return key;
}

/** A new RSA key pair as PEM (the development key in `DATA_DIR`, and tests). */
export function newTokenKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: MIN_RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/**
 * Identity's signing key: `JWT_PRIVATE_KEY` when set; otherwise (refused in production) one made
 * once and kept in `DATA_DIR/jwt-private-key.pem`, so laptop sessions survive a restart and
 * every process of one checkout agrees.
 */
export function resolveSigningKey(config: KeyConfig): KeyObject {
  if (config.JWT_PRIVATE_KEY) return config.JWT_PRIVATE_KEY;
  if (config.NODE_ENV === 'production') throw missing('JWT_PRIVATE_KEY');
  return developmentKey(config.DATA_DIR);
}

/**
 * What a verifier checks tokens with: `JWT_PUBLIC_KEY`, else the public half of
 * `JWT_PRIVATE_KEY` (identity's own process), else the development pair in `DATA_DIR`.
 */
export function resolveVerifyingKey(config: KeyConfig & { JWT_PUBLIC_KEY?: KeyObject }): KeyObject {
  if (config.JWT_PUBLIC_KEY) return config.JWT_PUBLIC_KEY;
  if (config.JWT_PRIVATE_KEY) return createPublicKey(config.JWT_PRIVATE_KEY);
  if (config.NODE_ENV === 'production') throw missing('JWT_PUBLIC_KEY');
  return createPublicKey(developmentKey(config.DATA_DIR));
}

type KeyConfig = { JWT_PRIVATE_KEY?: KeyObject; DATA_DIR: string; NODE_ENV?: string };

function missing(name: string): Error {
  return new Error(`Invalid configuration: ${name}: required when NODE_ENV=production`);
}

function developmentKey(dataDir: string): KeyObject {
  const file = join(dataDir, 'jwt-private-key.pem');
  try {
    return createPrivateKey(readFileSync(file, 'utf8'));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = newTokenKeyPair();
    // Written aside, then linked into place: a process racing us never reads half a key.
    const draft = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, privateKey, { mode: 0o600 });
    try {
      linkSync(draft, file);
      return createPrivateKey(privateKey);
    } catch {
      return createPrivateKey(readFileSync(file, 'utf8')); // another process won the race
    } finally {
      rmSync(draft, { force: true });
    }
  }
}

/**
 * The key identity hashes verification codes with: `CODE_HMAC_SECRET` when set, otherwise
 * derived from the signing key (`codeHasher` runs it through HKDF with its own label, so the
 * code key and the signing key never coincide). Rotating the signing key then voids the codes
 * in flight (10 minutes at most).
 */
export function resolveCodeSecret(
  config: { CODE_HMAC_SECRET?: string },
  signingKey: KeyObject,
): string {
  return (
    config.CODE_HMAC_SECRET ??
    signingKey.export({ type: 'pkcs8', format: 'der' }).toString('base64')
  );
}
