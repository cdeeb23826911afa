import { createHmac } from 'node:crypto';
import type { ApiClient } from '@dayframe/test-kit';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 30 s, 6 digits),
 * as a phone would compute it: the browser tests type it where a person types theirs.
 * `steps` moves to a later 30-second step (a code is accepted once, within ±1 step).
 */
export function authenticatorCode(secret: string, { at = Date.now(), steps = 0 } = {}): string {
  const counter = Math.floor(at / 30_000) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Bytes(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * Turns the authenticator app on for an account over the API (confirm with the password, set
 * up, enable with the current code), for tests of the screens after it: its secret and codes.
 */
export async function turnOnAuthenticatorApp(
  api: ApiClient,
  token: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const confirmed = await api.call('POST', '/api/auth/confirm', { token, body: { password } });
  const headers = { 'x-confirmation': confirmed.body.confirmation as string };
  const setup = await api.call('POST', '/api/auth/2fa/totp/setup', { token, headers, body: {} });
  if (setup.status !== 200) throw new Error(`TOTP setup answered ${setup.status}: ${setup.text}`);
  const secret = setup.body.secret as string;
  const enabled = await api.call('POST', '/api/auth/2fa/totp/enable', {
    token,
    body: { code: authenticatorCode(secret) },
  });
  if (enabled.status !== 200)
    throw new Error(`TOTP enable answered ${enabled.status}: ${enabled.text}`);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
