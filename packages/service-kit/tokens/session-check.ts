import { Pool } from 'undici';
import type { SessionCheck } from './authenticate.ts';
import { serviceUnavailable } from '../http/errors.ts';

/**
 * Asks the identity service, over HTTP with a keep-alive pool, whether a token's session is
 * still current. Used by services that run in their own process; in-process the identity
 * module answers directly.
 */
export function remoteSessionCheck(identityUrl: string): SessionCheck & { close(): Promise<void> } {
  const pool = new Pool(new URL(identityUrl).origin, {
    connections: 16,
    connectTimeout: 1_000,
    headersTimeout: 2_000,
    bodyTimeout: 2_000,
  });
  const check = async (token: string) => {
    let response;
    try {
      response = await pool.request({
        path: '/internal/session',
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      });
    } catch {
      throw serviceUnavailable(
        'Sign-in is temporarily unavailable. Try again in a moment.',
        'identity_unavailable',
      );
    }
    const body = (await response.body.json().catch(() => null)) as {
      id?: string;
      role?: 'user' | 'admin';
      verified?: boolean;
    } | null;
    if (
      response.statusCode === 200 &&
      body?.id &&
      body.role &&
      typeof body.verified === 'boolean'
    ) {
      return { id: body.id, role: body.role, verified: body.verified };
    }
    if (response.statusCode === 401) return null;
    throw serviceUnavailable(
      'Sign-in is temporarily unavailable. Try again in a moment.',
      'identity_unavailable',
    );
  };
  return Object.assign(check, { close: () => pool.close() });
}
