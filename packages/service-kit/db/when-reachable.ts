import { isDatabaseUnavailable } from './database-errors.ts';

/** How long a starting service waits for its database before it gives up (and exits). */
export const DATABASE_WAIT_MS = 60_000;

/**
 * Runs `work` (a service's migrations, on start) again while the database cannot be reached,
 * for up to `withinMs`: a database that starts after the service (compose, Kubernetes) or that
 * answers slowly on a busy machine (a connect past its 2 s, a pool wait past its 3 s) delays
 * the start instead of ending the process. Any other error, and the last one past the wait,
 * stands. Only the error's code goes to the log (its message may name the host).
 */
export async function whenDatabaseReachable<T>(
  work: () => Promise<T>,
  options: {
    log: { warn(details: object, message: string): void };
    withinMs?: number;
    /** Waits between tries: 250 ms, doubling, at most 2 s. */
    pause?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const giveUpAt = Date.now() + (options.withinMs ?? DATABASE_WAIT_MS);
  const pause = options.pause ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) throw error;
      const code = (error as { code?: string; name?: string }).code ?? (error as Error).name;
      options.log.warn({ attempt, code }, 'database not reachable yet; trying again');
      await pause(Math.min(2_000, 250 * 2 ** (attempt - 1)));
    }
  }
}
