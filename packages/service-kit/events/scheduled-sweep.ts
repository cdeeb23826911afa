import type { Logger } from '../http/logger.ts';

/** When a sweep runs: every `everyMs`, the first time `firstMs` after it is scheduled. */
export type SweepSchedule = { everyMs: number; firstMs: number };

export type ScheduledSweep<R> = {
  /** One sweep now (a test, or a caller that wants it done): its outcome, or its error. */
  sweep(): Promise<R>;
  /** No more runs; resolves once the one under way has ended. */
  stop(): Promise<void>;
};

/**
 * Runs `run` on `schedule`, never two at once (a slow run makes the next tick skip), a failure
 * logged as `what` and tried again at the next tick. `run` is told whether the sweep was
 * stopped, so a long one can end between its batches. The timers never hold the process open.
 */
export function scheduleSweep<R>(options: {
  what: string;
  schedule: SweepSchedule;
  log: Logger;
  run(stopped: () => boolean): Promise<R>;
}): ScheduledSweep<R> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let busy = false;
  const run = () => options.run(() => stopped);
  function scheduled() {
    if (busy) return;
    busy = true;
    running = run()
      .catch((err) =>
        options.log.warn(
          { err: (err as Error).message },
          `${options.what} stopped; next run will retry`,
        ),
      )
      .finally(() => (busy = false));
  }
  const first = setTimeout(scheduled, options.schedule.firstMs);
  const every = setInterval(scheduled, options.schedule.everyMs);
  first.unref();
  every.unref();
  return {
    sweep() {
      const now = run();
      running = now.catch(() => undefined);
      return now;
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
