import { afterAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '@dayframe/test-kit';
import { createEventBus, inProcessEventBus, type EventBus } from './events.ts';
import { silentLogger } from '../http/logger.ts';

const log = silentLogger();

describe('event bus on Redis', () => {
  const redis = testRedisPrefix();
  const buses: EventBus[] = [];
  const bus = () => {
    const b = createEventBus({ redisUrl: redis.url, prefix: redis.prefix, log, retryMs: 200 });
    buses.push(b);
    return b;
  };
  const settle = () => new Promise((r) => setTimeout(r, 300)); // a new group's first read
  afterAll(async () => {
    for (const b of buses) await b.close();
    await redis.cleanup();
  });

  it('gives every subscriber every event, retries a handler that failed, and keeps events for a subscriber that is away', async () => {
    const publisher = bus();
    const journals: unknown[] = [];
    const goals: unknown[] = [];
    let goalsFailures = 0;
    const journalsBus = bus();
    journalsBus.subscribe('t', 'journals', async (e) => void journals.push(e));
    bus().subscribe('t', 'goals', async (e) => {
      if (goalsFailures++ === 0) throw new Error('database blinked');
      goals.push(e);
    });
    await settle();

    await publisher.publish('t', { n: 1 });
    await expect.poll(() => journals).toEqual([{ n: 1 }]);
    await expect.poll(() => goals, { timeout: 5_000 }).toEqual([{ n: 1 }]);
    expect(goalsFailures).toBe(2);

    // journals stops; what is published meanwhile waits for it.
    await journalsBus.close();
    await publisher.publish('t', { n: 2 });
    await publisher.publish('t', { n: 3 });
    await expect.poll(() => goals).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(journals).toEqual([{ n: 1 }]);
    bus().subscribe('t', 'journals', async (e) => void journals.push(e));
    await expect.poll(() => journals, { timeout: 5_000 }).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('refuses to publish at once when Redis is away', async () => {
    const away = createEventBus({ redisUrl: 'redis://127.0.0.1:1', prefix: redis.prefix, log });
    const started = Date.now();
    await expect(away.publish('t', { n: 1 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    await away.close();
  });
});

describe('event bus in process', () => {
  it('resolves once every subscriber handled the event, and throws if one failed', async () => {
    const b = inProcessEventBus(log);
    const seen: string[] = [];
    let fail = true;
    b.subscribe('t', 'a', async () => void seen.push('a'));
    b.subscribe('t', 'b', async () => {
      if (fail) throw new Error('no');
      seen.push('b');
    });
    await expect(b.publish('t', {})).rejects.toThrow(/not handled by b/);
    fail = false;
    await b.publish('t', {});
    expect(seen).toEqual(['a', 'a', 'b']);
    await b.publish('other', {}); // no subscriber: nothing to do
  });
});
