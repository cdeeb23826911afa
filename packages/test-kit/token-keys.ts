import { createPrivateKey, createSecretKey, type KeyObject } from 'node:crypto';
import { newServiceTokenSecret, newTokenKeyPair } from '@dayframe/service-kit/tokens';

export type TokenKeys = {
  /** PEM, for `JWT_PRIVATE_KEY` (identity only). */
  privateKey: string;
  /** PEM, for `JWT_PUBLIC_KEY` (every verifier). */
  publicKey: string;
  /** The private key as a key object, for `createTokenIssuer`. */
  signingKey: KeyObject;
};

let shared: TokenKeys | undefined;

/**
 * The token key pair of this test process: made once (an RSA pair takes a while on a busy
 * machine) and shared by every harness in the file, as one deployment shares one pair.
 */
export function testTokenKeys(): TokenKeys {
  shared ??= withKeyObject(newTokenKeyPair());
  return shared;
}

/** A pair of its own: an attacker's, or another deployment's. */
export function otherTokenKeys(): TokenKeys {
  return withKeyObject(newTokenKeyPair());
}

function withKeyObject(pair: { privateKey: string; publicKey: string }): TokenKeys {
  return { ...pair, signingKey: createPrivateKey(pair.privateKey) };
}

/** A deployment's service-token secret: the text for `SERVICE_TOKEN_SECRET`, and its key. */
export type ServiceSecret = { secret: string; key: KeyObject };

let sharedServiceSecret: ServiceSecret | undefined;

/** The service-token secret of this test process, shared by every service a file starts. */
export function testServiceSecret(): ServiceSecret {
  sharedServiceSecret ??= otherServiceSecret();
  return sharedServiceSecret;
}

/** A secret of its own: another deployment's, or a guess. */
export function otherServiceSecret(): ServiceSecret {
  const secret = newServiceTokenSecret();
  return { secret, key: createSecretKey(Buffer.from(secret)) };
}
