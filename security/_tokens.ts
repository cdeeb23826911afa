// Tokens as an attacker builds them, by hand (no JWT library, so nothing here shares a bug
// with the code under test).
import { createHmac, sign } from 'node:crypto';

const encode = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export type Claims = Record<string, unknown>;

/** An HS256 token signed with `secret` (the real one, or a guess). */
export function signHs256(claims: Claims, secret: string, header: Claims = {}): string {
  const head = encode({ alg: 'HS256', typ: 'JWT', ...header });
  const body = encode(claims);
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** An RS256 token signed with `privateKey` (PEM): identity's real key, or another one. */
export function signRs256(claims: Claims, privateKey: string, header: Claims = {}): string {
  const head = encode({ alg: 'RS256', typ: 'JWT', ...header });
  const body = encode(claims);
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), privateKey).toString(
    'base64url',
  );
  return `${head}.${body}.${signature}`;
}

/** The classic: `alg: none` and no signature at all. */
export function unsigned(claims: Claims): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** The same token with one character of its signature changed. */
export function tamperSignature(token: string): string {
  const [head, body, signature = ''] = token.split('.');
  const i = Math.floor(signature.length / 2);
  const swapped = signature[i] === 'A' ? 'B' : 'A';
  return `${head}.${body}.${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
}

/** New claims under the old signature: what editing a token in the browser gives. */
export function swapClaims(token: string, claims: Claims): string {
  const [head, , signature] = token.split('.');
  return `${head}.${encode(claims)}.${signature}`;
}

/** Claims for `sub` valid from `issuedAt` (seconds) for `ttl` seconds. */
export function claimsFor(
  sub: string,
  options: { role?: 'user' | 'admin'; sv?: number; issuedAt?: number; ttl?: number } = {},
): Claims {
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000);
  return {
    sub,
    role: options.role ?? 'user',
    sv: options.sv ?? 0,
    iat,
    exp: iat + (options.ttl ?? 3600),
  };
}

/** Authorization headers that are not a token at all. */
export const MALFORMED_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'Bearer not-a-token',
  'Bearer a.b.c',
  'Bearer ....',
  'bearer eyJhbGciOiJIUzI1NiJ9.e30.x',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0',
  `Bearer ${'A'.repeat(5000)}`,
  'Bearer <script>alert(1)</script>',
  "Bearer ' OR '1'='1",
  'Bearer %00',
];
