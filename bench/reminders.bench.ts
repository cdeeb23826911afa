/**
 * Reminders at scale (issue 27): a million accounts with a daily reminder on MariaDB, a tenth of
 * them due in the same minute, and one sweep of the due reminders (services/reminders/due-sweep.ts)
 * finding and queueing them all on the real BullMQ job bus on Redis. The goal: the 100,000 queued
 * within 60 s, so each goes out within 60 s of its minute. Also prints the EXPLAIN of every read
 * the sweep makes (the due query must use the `next_fire_at` index: no full scan) and Redis's
 * memory before and after. The throwaway database and the run's Redis keys are removed at the end.
 *
 *   node --import tsx bench/reminders.bench.ts
 *   BENCH_REMINDER_ACCOUNTS=100000 BENCH_REMINDERS_DUE=10000 node --import tsx bench/reminders.bench.ts
 *
 * `npm run bench` calls `remindersBench()` for figure 10 of its table (`BENCH_ONLY=reminders`).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { REMINDERS_QUEUE } from '@dayframe/contracts';
import { migrate } from '@dayframe/service-kit/db';
import { manualClock, silentLogger } from '@dayframe/service-kit/http';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { SHARED_REDIS, openTestDatabase, plansOf } from '@dayframe/test-kit';
import { migrations } from '../services/reminders/data/migrations.ts';
import { sweepDueReminders, type SweepScope } from '../services/reminders/due-sweep.ts';
import { seedDailyReminders } from '../services/reminders/_many-reminders.ts';
import { planLines, planRow, type PlanSet } from './_plans.ts';
import { markdownTable, type Row } from './_table.ts';

export type RemindersResult = {
  accounts: number;
  due: number;
  queued: number;
  seconds: number;
  leftDue: number;
  redisBefore: number;
  redisAfter: number;
  plans: PlanSet;
};

const GOAL_SECONDS = 60;

export async function remindersBench(
  options: { accounts?: number; due?: number; log?: (line: string) => void } = {},
): Promise<RemindersResult> {
  const accounts = options.accounts ?? 1_000_000;
  const due = options.due ?? 100_000;
  const log = options.log ?? console.log;
  const database = await openTestDatabase('mariadb');
  const prefix = `dfbench-${randomBytes(5).toString('hex')}`;
  const redis = new Redis(SHARED_REDIS);
  const jobs = createJobBus({ redisUrl: SHARED_REDIS, prefix, log: silentLogger() });
  try {
    const db = database.db;
    await migrate(db, 'reminders', migrations);
    const dueAt = Date.parse('2026-11-26T20:30:00Z');
    const seeding = performance.now();
    await seedDailyReminders(db, { accounts, due, dueAt, prefix: 'bench' });
    log(
      `seeded ${accounts} schedule rows (${due} due) in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );
    await db.raw('ANALYZE TABLE reminder_schedule, reminder_settings');
    await jobs.ready();
    const scope: SweepScope = { db, clock: manualClock(dueAt + 30_000), jobs };
    const redisBefore = await usedMemory(redis);
    let queued = 0;
    let seconds = 0;
    const plans = await plansOf(db, async () => {
      const started = performance.now();
      queued = (await sweepDueReminders(scope)).queued;
      seconds = (performance.now() - started) / 1000;
    });
    const redisAfter = await usedMemory(redis);
    const [{ left }] = (await db('reminder_schedule')
      .where('next_fire_at', '<=', dueAt + 30_000)
      .count({ left: '*' })) as [{ left: number | string }];
    const counts = await waitingJobs(prefix);
    log(
      `swept ${queued} due in ${seconds.toFixed(1)} s (${counts} jobs waiting on Redis), ${left} still due`,
    );
    return {
      accounts,
      due,
      queued,
      seconds,
      leftDue: Number(left),
      redisBefore,
      redisAfter,
      plans: {
        figure: '10',
        kind: 'mariadb',
        what: 'the due sweep',
        // A batch's thousand placeholders, shortened for the printed plan.
        plans: plans.map((p) => ({ ...p, sql: p.sql.replace(/(\?, ){3,}\?/g, '?, ?, …') })),
      },
    };
  } finally {
    await jobs.close();
    await removeKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  }
}

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

async function waitingJobs(prefix: string): Promise<number> {
  const queue = new Queue(REMINDERS_QUEUE, { connection: { url: SHARED_REDIS }, prefix });
  try {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  } finally {
    await queue.close();
  }
}

/** Every key of the run (a hundred thousand jobs), a thousand at a time. */
async function removeKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export function remindersRows(r: RemindersResult): Row[] {
  return [
    {
      figure: '10',
      measure: `due sweep: ${r.due.toLocaleString('en')} of ${r.accounts.toLocaleString('en')} daily reminders found and queued, MariaDB + BullMQ`,
      value: `${r.seconds.toFixed(1)} s (${Math.round(r.queued / r.seconds).toLocaleString('en')} rows/s; ${r.queued.toLocaleString('en')} queued, ${r.leftDue} left due)`,
      goal: `≤ ${GOAL_SECONDS} s, none left`,
      met: r.seconds <= GOAL_SECONDS && r.leftDue === 0 && r.queued === r.due,
    },
    {
      figure: '10',
      measure: 'Redis memory with the queued reminder jobs',
      value: `${mb(r.redisBefore)} before, ${mb(r.redisAfter)} after (${Math.round((r.redisAfter - r.redisBefore) / Math.max(1, r.queued))} B a job)`,
      goal: 'informative',
      met: null,
    },
    planRow(r.plans),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await remindersBench({
    accounts: Number(process.env.BENCH_REMINDER_ACCOUNTS ?? 1_000_000),
    due: Number(process.env.BENCH_REMINDERS_DUE ?? 100_000),
  });
  console.log(`\n${markdownTable(remindersRows(result))}\n`);
  console.log(planLines(result.plans).join('\n'));
}
