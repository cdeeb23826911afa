import { afterAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { testRedisPrefix } from '@dayframe/test-kit';
import { createJobBus, inProcessJobBus, type JobBus } from './jobs.ts';
import { silentLogger } from '../http/logger.ts';

const log = silentLogger();
const redis = testRedisPrefix();
afterAll(() => redis.cleanup());

type Engine = {
  name: string;
  open(): JobBus;
  /** Jobs waiting on `queue`, where the engine can tell (BullMQ); null otherwise. */
  waiting(queue: string): Promise<number | null>;
};

const ENGINES: Engine[] = [
  { name: 'in-process', open: () => inProcessJobBus(log, 10), waiting: async () => null },
  {
    name: 'BullMQ',
    open: () => createJobBus({ redisUrl: redis.url, prefix: redis.prefix, log, backoffMs: 10 }),
    async waiting(queue) {
      const q = new Queue(queue, { connection: { url: redis.url }, prefix: redis.prefix });
      try {
        return (await q.getJobCounts('waiting')).waiting!;
      } finally {
        await q.close();
      }
    },
  },
];

describe.each(ENGINES)('job bus, $name: addMany', (engine) => {
  it('queues every job in one call, an id already queued (or twice in the call) once', async () => {
    const bus = engine.open();
    const queue = `bulk-${Math.random().toString(36).slice(2, 8)}`;
    try {
      await bus.ready();
      await bus.add(queue, { n: 0 }, { jobId: 'ada.daily.2026-01-01' });
      await bus.addMany(queue, [
        { payload: { n: 1 }, jobId: 'ada.daily.2026-01-01' },
        { payload: { n: 2 }, jobId: 'bo.daily.2026-01-01' },
        { payload: { n: 3 }, jobId: 'bo.daily.2026-01-01' },
        { payload: { n: 4 } },
      ]);
      await bus.addMany(queue, []);
      const waiting = await engine.waiting(queue);
      if (waiting !== null) expect(waiting).toBe(3);

      const worked: number[] = [];
      bus.work<{ n: number }>(queue, async ({ n }) => {
        worked.push(n);
      });
      await expect.poll(() => [...worked].sort(), { timeout: 10_000 }).toEqual([0, 2, 4]);
      // A job queued after them is worked after them: nothing else was waiting behind.
      await bus.add(queue, { n: 9 });
      await expect.poll(() => worked.includes(9), { timeout: 10_000 }).toBe(true);
      expect([...worked].sort()).toEqual([0, 2, 4, 9]);
    } finally {
      await bus.close();
    }
  });

  it('refuses with a 503 once closed', async () => {
    const bus = engine.open();
    await bus.close();
    await expect(bus.addMany('closed', [{ payload: {} }])).rejects.toMatchObject({ status: 503 });
  });
});
