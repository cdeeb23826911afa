import { generateKeyPairSync } from 'node:crypto';

/**
 * A Web Push (VAPID, RFC 8292) key pair as the reminders service reads it from the environment:
 * the raw uncompressed P-256 public point (65 bytes) and the private scalar (32 bytes), both
 * base64url. For a launcher or a test that starts reminders in production without a kept pair;
 * a deployment makes its pair once and keeps it (a new one orphans every subscription).
 */
export function newVapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
}
