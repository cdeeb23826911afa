import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../http/logger.ts';
import { serviceUnavailable } from '../http/errors.ts';
import { withTimeout } from '../http/health.ts';

export type JobHandler<T> = (payload: T, job: { id: string; attempt: number }) => Promise<void>;

/**
 * Background jobs by queue name. One interface, two engines: BullMQ on Redis when
 * `REDIS_URL` is set, and an in-process queue otherwise. Both retry with exponential backoff,
 * de-duplicate by job id and forget a job (and its payload) once it completes or finally fails.
 */
export type JobBus = {
  /** Accepts a job, or throws a 503 `HttpError` within a second when it cannot. */
  add<T>(queue: string, payload: T, options?: { jobId?: string }): Promise<void>;
  /**
   * Accepts several jobs on one queue in one round trip (a sweep's batch), de-duplicated by id
   * as `add` is; throws a 503 `HttpError` when it cannot, after which some may have been taken.
   */
  addMany<T>(queue: string, jobs: readonly { payload: T; jobId?: string }[]): Promise<void>;
  work<T>(queue: string, handler: JobHandler<T>): void;
  ready(): Promise<void>;
  close(): Promise<void>;
};

// 10 attempts from 1 s doubling span about 8.5 minutes: a relay down for minutes still gets the mail.
export const JOB_ATTEMPTS = 10;
export const JOB_BACKOFF_MS = 1_000;
const ADD_TIMEOUT_MS = 1_000;
/** `addMany`'s allowance on top of `ADD_TIMEOUT_MS`: a thousand jobs take well under 5 s. */
const ADD_MANY_TIMEOUT_MS_PER_JOB = 5;
/** A killed worker's job is taken over after this long; every worker uses the same figure. */
export const JOB_LOCK_MS = 10_000;

export function createJobBus(options: {
  redisUrl?: string;
  prefix?: string;
  log: Logger;
  backoffMs?: number;
}): JobBus {
  return options.redisUrl
    ? bullJobBus(
        options.redisUrl,
        options.prefix ?? 'dayframe',
        options.log,
        options.backoffMs ?? JOB_BACKOFF_MS,
      )
    : inProcessJobBus(options.log, options.backoffMs ?? JOB_BACKOFF_MS);
}

export function inProcessJobBus(log: Logger, backoffMs = JOB_BACKOFF_MS): JobBus {
  type Pending = { queue: string; id: string; payload: unknown; attempt: number };
  const handlers = new Map<string, JobHandler<unknown>>();
  const waiting = new Map<string, Pending[]>();
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let counter = 0;

  function run(job: Pending) {
    const handler = handlers.get(job.queue);
    if (!handler) {
      waiting.set(job.queue, [...(waiting.get(job.queue) ?? []), job]);
      return;
    }
    const attempt = (async () => {
      try {
        await handler(job.payload, { id: job.id, attempt: job.attempt });
        known.delete(`${job.queue}:${job.id}`);
      } catch (err) {
        if (job.attempt >= JOB_ATTEMPTS || closed) {
          known.delete(`${job.queue}:${job.id}`);
          log.error({ err, queue: job.queue, jobId: job.id }, 'job failed for good');
          return;
        }
        const delay = backoffMs * 2 ** (job.attempt - 1);
        log.warn(
          { err, queue: job.queue, jobId: job.id, attempt: job.attempt, delay },
          'job failed, will retry',
        );
        const timer = setTimeout(() => {
          timers.delete(timer);
          run({ ...job, attempt: job.attempt + 1 });
        }, delay);
        timers.add(timer);
      }
    })();
    running.add(attempt);
    void attempt.finally(() => running.delete(attempt));
  }

  const bus: JobBus = {
    async add(queue, payload, options = {}) {
      if (closed) throw serviceUnavailable();
      const id = options.jobId ?? `job-${++counter}`;
      const key = `${queue}:${id}`;
      if (known.has(key)) return;
      known.add(key);
      setImmediate(() => run({ queue, id, payload, attempt: 1 }));
    },
    async addMany(queue, jobs) {
      for (const job of jobs) await bus.add(queue, job.payload, { jobId: job.jobId });
    },
    work(queue, handler) {
      handlers.set(queue, handler as JobHandler<unknown>);
      const held = waiting.get(queue) ?? [];
      waiting.delete(queue);
      held.forEach(run);
    },
    async ready() {},
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
      for (const timer of timers) clearTimeout(timer);
    },
  };
  return bus;
}

function bullJobBus(redisUrl: string, prefix: string, log: Logger, backoffMs: number): JobBus {
  // Producers must fail fast while Redis is away, so the caller can answer 503 at once.
  const producer = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  producer.on('error', (err) => log.debug({ err: err.message }, 'queue connection error'));
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const workerConnection: ConnectionOptions = {
    url: redisUrl,
    maxRetriesPerRequest: null,
  } as ConnectionOptions;

  function queue(name: string): Queue {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: producer,
        prefix,
        defaultJobOptions: {
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: true,
          removeOnFail: true,
        },
      });
      q.on('error', (err) => log.debug({ err: err.message, queue: name }, 'queue error'));
      queues.set(name, q);
    }
    return q;
  }

  return {
    async add(name, payload, options = {}) {
      try {
        await withTimeout(
          queue(name).add(name, payload, options.jobId ? { jobId: options.jobId } : {}),
          ADD_TIMEOUT_MS,
        );
      } catch (err) {
        log.warn({ err: (err as Error).message, queue: name }, 'could not enqueue job');
        throw serviceUnavailable();
      }
    },
    async addMany(name, jobs) {
      if (jobs.length === 0) return;
      try {
        // One pipelined round trip; an id already on the queue is skipped as `add` skips it.
        await withTimeout(
          queue(name).addBulk(
            jobs.map((job) => ({
              name,
              data: job.payload,
              opts: job.jobId ? { jobId: job.jobId } : {},
            })),
          ),
          ADD_TIMEOUT_MS + jobs.length * ADD_MANY_TIMEOUT_MS_PER_JOB,
        );
      } catch (err) {
        log.warn(
          { err: (err as Error).message, queue: name, jobs: jobs.length },
          'could not enqueue jobs',
        );
        throw serviceUnavailable();
      }
    },
    work(name, handler) {
      const worker = new Worker(
        name,
        async (job) => handler(job.data, { id: job.id ?? '', attempt: job.attemptsMade + 1 }),
        {
          connection: workerConnection,
          prefix,
          lockDuration: JOB_LOCK_MS,
          stalledInterval: JOB_LOCK_MS,
          concurrency: 5,
        },
      );
      worker.on('failed', (job, err) =>
        log.warn(
          { queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message },
          'job attempt failed',
        ),
      );
      worker.on('error', (err) =>
        log.debug({ err: err.message, queue: name }, 'worker connection error'),
      );
      workers.push(worker);
    },
    async ready() {
      if (producer.status === 'wait') await producer.connect().catch(() => undefined);
    },
    async close() {
      await Promise.allSettled(workers.map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      producer.disconnect();
    },
  };
}
