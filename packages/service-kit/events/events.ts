import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../http/logger.ts';
import { withTimeout } from '../http/health.ts';
import { eventStreamKey } from '../redis/keys.ts';

export type EventHandler = (event: unknown) => Promise<void>;

/**
 * Published events by topic, each delivered to every subscriber on its own. A publisher knows
 * no subscriber: a service that wants a topic subscribes under its own name, so adding one
 * changes nothing in the publisher. Delivery is at least once; handlers must be idempotent.
 * Two engines: Redis Streams when `REDIS_URL` is set, in-process otherwise.
 */
export type EventBus = {
  /** Resolves once the event is accepted for delivery; throws when it cannot be. */
  publish(topic: string, event: unknown): Promise<void>;
  /** Runs `handler` for each event on `topic` published from now on; a failure is retried. */
  subscribe(topic: string, subscriber: string, handler: EventHandler): void;
  close(): Promise<void>;
};

export type EventBusOptions = {
  redisUrl?: string;
  prefix?: string;
  log: Logger;
  /** How long a failed or abandoned delivery waits before it is tried again. */
  retryMs?: number;
};

const PUBLISH_TIMEOUT_MS = 1_000;
/** A failed delivery is tried again after this long; so is one a killed process held. */
export const EVENT_RETRY_MS = 5_000;
/** Stream length kept for subscribers that are away; an event older than that is left to sweeps. */
const STREAM_MAX_LENGTH = 100_000;

export function createEventBus(options: EventBusOptions): EventBus {
  const retryMs = options.retryMs ?? EVENT_RETRY_MS;
  return options.redisUrl
    ? redisEventBus(options.redisUrl, options.prefix ?? 'dayframe', options.log, retryMs)
    : inProcessEventBus(options.log);
}

/**
 * Subscribers in this process. `publish` resolves only once every subscriber has handled the
 * event, and throws if one failed: the publisher (an outbox relay) then keeps the event and
 * tries again later, which is how a failure here is retried without a queue.
 */
export function inProcessEventBus(log: Logger): EventBus {
  const subscribers = new Map<string, Map<string, EventHandler>>();
  let closed = false;
  return {
    async publish(topic, event) {
      if (closed) throw new Error('event bus closed');
      const failures: string[] = [];
      for (const [name, handler] of subscribers.get(topic) ?? []) {
        try {
          await handler(event);
        } catch (err) {
          log.warn({ err, topic, subscriber: name }, 'event handler failed');
          failures.push(name);
        }
      }
      if (failures.length) throw new Error(`${topic} not handled by ${failures.join(', ')}`);
    },
    subscribe(topic, subscriber, handler) {
      const forTopic = subscribers.get(topic) ?? new Map<string, EventHandler>();
      forTopic.set(subscriber, handler);
      subscribers.set(topic, forTopic);
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * One Redis stream per topic and one consumer group per subscriber, so every subscriber gets
 * every event. An entry is acknowledged only after its handler succeeded; one that failed, or
 * that a killed process was holding, is claimed again after `retryMs` (XAUTOCLAIM). A group is
 * created when its subscriber first starts, at the end of the stream; from then on events wait
 * in the stream while the subscriber is down.
 */
function redisEventBus(redisUrl: string, prefix: string, log: Logger, retryMs: number): EventBus {
  // Publishing fails fast while Redis is away: the outbox keeps the event and retries.
  const producer = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  producer.on('error', (err) => log.debug({ err: err.message }, 'event bus connection error'));
  const consumers: { stop(): Promise<void> }[] = [];
  const streamKey = (topic: string) => eventStreamKey(prefix, topic);
  const consumerName = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

  function consume(topic: string, group: string, handler: EventHandler) {
    // Blocking reads need a connection of their own, which waits for Redis when it is away.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', (err) => log.debug({ err: err.message, group }, 'event consumer error'));
    const key = streamKey(topic);
    let stopped = false;

    async function handle(id: string, fields: string[]) {
      let event: unknown;
      try {
        event = JSON.parse(fields[fields.indexOf('event') + 1] ?? '');
      } catch {
        // Not written by publish(): no retry could ever handle it.
        log.error({ topic, subscriber: group, id }, 'unreadable event dropped');
        await redis.xack(key, group, id);
        return;
      }
      try {
        await handler(event);
        await redis.xack(key, group, id);
      } catch (err) {
        log.warn({ err, topic, subscriber: group, id }, 'event handler failed, will retry');
      }
    }

    async function ensureGroup() {
      try {
        await redis.xgroup('CREATE', key, group, '$', 'MKSTREAM');
      } catch (err) {
        if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
      }
    }

    const loop = (async () => {
      let grouped = false;
      let lastClaim = 0;
      while (!stopped) {
        try {
          if (!grouped) {
            await ensureGroup();
            grouped = true;
          }
          if (Date.now() - lastClaim >= Math.min(retryMs, 1_000)) {
            lastClaim = Date.now();
            // Entries that failed here or were held by a process that died.
            const [, claimed] = (await redis.xautoclaim(
              key,
              group,
              consumerName,
              retryMs,
              '0-0',
              'COUNT',
              50,
            )) as [string, [string, string[]][]];
            for (const [id, fields] of claimed ?? []) if (fields) await handle(id, fields);
          }
          const read = (await redis.xreadgroup(
            'GROUP',
            group,
            consumerName,
            'COUNT',
            20,
            'BLOCK',
            1_000,
            'STREAMS',
            key,
            '>',
          )) as [string, [string, string[]][]][] | null;
          for (const [, entries] of read ?? [])
            for (const [id, fields] of entries) await handle(id, fields);
        } catch (err) {
          if (stopped) break;
          if (String((err as Error).message).includes('NOGROUP')) grouped = false;
          log.debug({ err: (err as Error).message, group }, 'event consumer retrying');
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    })();

    consumers.push({
      async stop() {
        stopped = true;
        // The blocking read ends within a second; the entry in hand finishes first.
        await loop;
        redis.disconnect();
      },
    });
  }

  return {
    async publish(topic, event) {
      if (producer.status === 'wait') await producer.connect().catch(() => undefined);
      await withTimeout(
        producer.xadd(
          streamKey(topic),
          'MAXLEN',
          '~',
          STREAM_MAX_LENGTH,
          '*',
          'event',
          JSON.stringify(event),
        ),
        PUBLISH_TIMEOUT_MS,
      );
    },
    subscribe(topic, subscriber, handler) {
      consume(topic, subscriber, handler);
    },
    async close() {
      await Promise.allSettled(consumers.map((c) => c.stop()));
      producer.disconnect();
    },
  };
}
