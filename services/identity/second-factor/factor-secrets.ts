import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Authenticator-app secrets at rest: AES-256-GCM under a key derived (HKDF) from identity's own
 * secret, which no other service holds. A copy of the database alone gives no secret, and the
 * user id is the additional data, so a sealed secret moved onto another account does not open.
 * Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export function factorSecrets(identitySecret: string) {
  const key = Buffer.from(hkdfSync('sha256', identitySecret, 'dayframe', 'totp-secrets', 32));
  return {
    seal(userId: string, plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The secret, or null when the value was not sealed by this key for this user. */
    open(userId: string, sealed: string): string | null {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type FactorSecrets = ReturnType<typeof factorSecrets>;
