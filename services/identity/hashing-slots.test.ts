import { describe, expect, it } from 'vitest';
import { HttpError } from '@dayframe/service-kit/http';
import { BUSY_MESSAGE, hashingSlots } from './hashing-slots.ts';

const work = (ms: number, log: { running: number; peak: number }) => async () => {
  log.running += 1;
  log.peak = Math.max(log.peak, log.running);
  await new Promise((r) => setTimeout(r, ms));
  log.running -= 1;
  return ms;
};

describe('hashing slots', () => {
  it('runs at most `slots` tasks at once and the rest in order', async () => {
    const slots = hashingSlots({ slots: 2, maxWaitMs: 10_000, initialEstimateMs: 30 });
    const log = { running: 0, peak: 0 };
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => slots.run(work(30, log)).then(() => order.push(i))),
    );
    expect(log.peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with a 503 when the wait would pass the limit, and serves again after', async () => {
    const slots = hashingSlots({ slots: 1, maxWaitMs: 100, initialEstimateMs: 40 });
    const log = { running: 0, peak: 0 };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => slots.run(work(40, log))),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(503);
      expect(error.message).toBe(BUSY_MESSAGE);
    }
    expect(log.peak).toBe(1);
    await expect(slots.run(work(10, log))).resolves.toBe(10);
  });
});
