import { availableParallelism } from 'node:os';
import { serviceUnavailable } from '@dayframe/service-kit/http';

export const BUSY_MESSAGE = 'Too many sign-ins at once. Try again in a moment.';

/**
 * bcrypt's async API runs on libuv's pool of four threads. On two cores, four hashes at once
 * leave the event loop no CPU and every other request stalls behind a wave of logins. So at
 * most `slots` hashes run at once (one core is left for the event loop), the rest wait their
 * turn, and a login whose wait would pass `maxWaitMs` is refused at once with a 503: better than
 * timing out at the gateway after making everyone else wait.
 */
export function hashingSlots(
  options: { slots?: number; maxWaitMs?: number; initialEstimateMs?: number } = {},
) {
  const slots = options.slots ?? Math.max(1, availableParallelism() - 1);
  // Below the gateway's 2 s upstream timeout, so a queued login is answered, never cut off.
  const maxWaitMs = options.maxWaitMs ?? 1_500;
  let estimateMs = options.initialEstimateMs ?? 150;
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      const expectedWaitMs =
        (Math.floor((running + waiting.length) / slots) + (running >= slots ? 1 : 0)) * estimateMs;
      if (running >= slots && expectedWaitMs > maxWaitMs) {
        throw serviceUnavailable(BUSY_MESSAGE, 'busy');
      }
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      const started = performance.now();
      try {
        return await task();
      } finally {
        // A moving average of how long one hash takes here, for the admission estimate.
        estimateMs = estimateMs * 0.8 + (performance.now() - started) * 0.2;
        release();
      }
    },
    /** Hashes running and waiting, for tests. */
    load: () => ({ running, waiting: waiting.length }),
  };
}
export type HashingSlots = ReturnType<typeof hashingSlots>;
