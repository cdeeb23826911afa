import type { AuthUser, SessionCheck } from './authenticate.ts';
import { expiringCache } from '../http/expiring-cache.ts';

/**
 * How long a confirmed session is taken on trust. Identity clears the cache on every change it
 * makes itself; a change it cannot see (the admin CLI writing to the same database from another
 * process) holds within this long. A revoked session may live at most 1 s.
 */
export const SESSION_TRUST_MS = 500;

export type CachedSessionCheck = SessionCheck & {
  /**
   * Sessions changed here (one user's, or anyone's when no id is given): ask again on the next
   * request rather than up to `SESSION_TRUST_MS` later.
   */
  forget(userId?: string): void;
};

/**
 * Remembers, for `SESSION_TRUST_MS`, that a token's session was current, so that a client's
 * burst of calls costs one session lookup, not one per call. Keyed by the token itself (its
 * user, sign-in and session version are inside it). Only live sessions are remembered, and
 * callers asking at once for the same token share one lookup.
 */
export function cachedSessionCheck(
  check: SessionCheck,
  options: { now?: () => number; trustMs?: number; max?: number } = {},
): CachedSessionCheck {
  const now = options.now ?? Date.now;
  const trustMs = options.trustMs ?? SESSION_TRUST_MS;
  type Current = Omit<AuthUser, 'claims'>;
  const current = expiringCache<Current>({ max: options.max ?? 10_000, now });
  const pending = new Map<string, Promise<Current | null>>();
  // A user forgotten while a lookup was in flight: that lookup's answer may predate the change.
  let forgottenAt = 0;
  const cached: SessionCheck = (token, claims) => {
    const known = current.get(token);
    if (known) return Promise.resolve(known);
    const inFlight = pending.get(token);
    if (inFlight) return inFlight;
    const askedAt = now();
    const lookup = check(token, claims)
      .then((answer) => {
        if (answer && askedAt > forgottenAt) current.set(token, answer, askedAt + trustMs);
        return answer;
      })
      .finally(() => {
        if (pending.get(token) === lookup) pending.delete(token);
      });
    pending.set(token, lookup);
    return lookup;
  };
  return Object.assign(cached, {
    forget(userId?: string) {
      forgottenAt = now();
      pending.clear();
      current.forgetWhere((session) => userId === undefined || session.id === userId);
    },
  });
}
