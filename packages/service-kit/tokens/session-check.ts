import { z } from 'zod';
import { ROLES } from '@dayframe/contracts';
import type { SessionCheck } from './authenticate.ts';
import { HttpError, serviceUnavailable } from '../http/errors.ts';
import { internalClient } from '../http/internal-client.ts';
import type { ServiceCaller } from './service-tokens.ts';

const IDENTITY_UNAVAILABLE = {
  message: 'Sign-in is temporarily unavailable. Try again in a moment.',
  code: 'identity_unavailable',
};

/** Identity's answer for a current session. */
const currentSession = z.object({
  id: z.string().min(1),
  role: z.enum(ROLES),
  verified: z.boolean(),
});

/**
 * Asks the identity service, over HTTP, whether a token's session is still current: its user,
 * or null when identity answers 401. Anything else is identity's 503. Used by services that run
 * in their own process, as `caller`; in-process the identity module answers directly.
 */
export function remoteSessionCheck(
  identityUrl: string,
  caller: ServiceCaller,
): SessionCheck & { close(): Promise<void> } {
  const identity = internalClient(identityUrl, {
    name: 'identity',
    caller,
    deadlineMs: 2_000,
    connections: 16,
    unavailable: IDENTITY_UNAVAILABLE,
  });
  const check = async (token: string) => {
    try {
      return await identity.call({ path: '/internal/session', token }, currentSession);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return null;
      throw serviceUnavailable(IDENTITY_UNAVAILABLE.message, IDENTITY_UNAVAILABLE.code);
    }
  };
  return Object.assign(check, { close: () => identity.close() });
}
