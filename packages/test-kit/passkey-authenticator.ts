import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for tests that have no browser: what Chromium's virtual
 * authenticator does (ctap2, internal, resident keys, user verified), in node:crypto. It
 * answers `navigator.credentials.create` / `.get` options in their JSON form (what
 * `parseCreationOptionsFromJSON` takes) with what `PublicKeyCredential.toJSON()` gives:
 * ES256 (ECDSA P-256) keys, attestation 'none', authenticator data flagged UP|UV (|AT on
 * creation), a signature counter that grows by one per assertion. Credentials live in memory
 * with their user handle, so a discoverable sign-in works without naming one.
 *
 * Every answer can be bent for a test of the server's checks: another origin or RP id, no user
 * verification, a chosen counter, another user handle.
 *
 * @example
 * const authenticator = softPasskeyAuthenticator({ origin: 'http://localhost:8080', rpId: 'localhost' });
 * const registration = authenticator.create(options);               // → RegistrationResponseJSON
 * const assertion = authenticator.get(requestOptions);              // → AuthenticationResponseJSON
 */
export function softPasskeyAuthenticator(defaults: { origin: string; rpId: string }) {
  const credentials: SoftCredential[] = [];

  function clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  return {
    /** The credentials made so far, newest last (their counters and user handles). */
    credentials: credentials as readonly SoftCredential[],

    create(options: CreationOptionsJSON, bend: Bend = {}): RegistrationJSON {
      const rpId = options.rp?.id ?? defaults.rpId;
      if (!options.pubKeyCredParams.some((p) => p.alg === -7))
        throw new Error('the soft authenticator only makes ES256 keys');
      const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
      if (credentials.some((c) => c.rpId === rpId && excluded.has(c.id)))
        throw new Error(
          'InvalidStateError: this authenticator already holds an excluded credential',
        );
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(32).toString('base64url');
      const credential: SoftCredential = {
        id,
        rpId,
        userHandle: options.user.id,
        counter: 0,
        privateKey,
      };
      credentials.push(credential);
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idBytes = Buffer.from(id, 'base64url');
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(idBytes.length);
      const authData = Buffer.concat([
        authenticatorData(bend.rpId ?? rpId, flags(bend) | AT, credential.counter),
        Buffer.alloc(16), // AAGUID: none said
        idLength,
        idBytes,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData(
            'webauthn.create',
            bend.challenge ?? options.challenge,
            bend.origin ?? defaults.origin,
          ).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * Answers a request with `bend.credentialId`, else the first held credential the request
     * allows, else (discoverable) the first one for the RP id.
     */
    get(options: RequestOptionsJSON, bend: Bend & { credentialId?: string } = {}): AssertionJSON {
      const rpId = options.rpId ?? defaults.rpId;
      const allowed = (options.allowCredentials ?? []).map((c) => c.id);
      const credential = bend.credentialId
        ? credentials.find((c) => c.id === bend.credentialId)
        : credentials.find(
            (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(c.id)),
          );
      if (!credential) throw new Error('NotAllowedError: no credential for this request');
      credential.counter = bend.counter ?? credential.counter + 1;
      const authData = authenticatorData(bend.rpId ?? rpId, flags(bend), credential.counter);
      const clientDataJSON = clientData(
        'webauthn.get',
        bend.challenge ?? options.challenge,
        bend.origin ?? defaults.origin,
      );
      const signed = Buffer.concat([
        authData,
        createHash('sha256').update(clientDataJSON).digest(),
      ]);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
          userHandle: bend.userHandle ?? credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftPasskeyAuthenticator = ReturnType<typeof softPasskeyAuthenticator>;

export type SoftCredential = {
  /** base64url */
  id: string;
  rpId: string;
  /** base64url, as the RP gave it at creation. */
  userHandle: string;
  counter: number;
  privateKey: KeyObject;
};

/** What a test may change in one answer. */
export type Bend = {
  origin?: string;
  rpId?: string;
  /** Sign another challenge than the options' (base64url). */
  challenge?: string;
  /** False: the person was present but not verified (no PIN, no fingerprint). */
  userVerified?: boolean;
  /** The signature counter to report (then kept). */
  counter?: number;
  /** Another user handle than the credential's (base64url). */
  userHandle?: string;
};

type CreationOptionsJSON = {
  challenge: string;
  rp?: { id?: string };
  user: { id: string };
  pubKeyCredParams: { alg: number }[];
  excludeCredentials?: { id: string }[];
};
type RequestOptionsJSON = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export type RegistrationJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
};
export type AssertionJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle: string;
  };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
};

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const flags = (bend: Bend) => UP | (bend.userVerified === false ? 0 : UV);

function authenticatorData(rpId: string, flagBits: number, counter: number): Buffer {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flagBits]),
    counterBytes,
  ]);
}

/** The little CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, maps, arrays. */
export function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) {
      const b = Buffer.alloc(3);
      b[0] = (major << 5) | 25;
      b.writeUInt16BE(n, 1);
      return b;
    }
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number' && Number.isInteger(value))
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof Map)
    return Buffer.concat([
      head(5, value.size),
      ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
    ]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
