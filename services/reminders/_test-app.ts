import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { startMailer } from '@dayframe/mailer';
import { manualClock, silentLogger } from '@dayframe/service-kit/http';
import { createJobBus, inProcessJobBus, type JobBus } from '@dayframe/service-kit/jobs';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import {
  SHARED_REDIS,
  startServiceTestApp,
  startSmtpSink,
  tempDataDir,
  testRedisPrefix,
  testSessions,
  type DatabaseKind,
  type ServiceTestParts,
  type SmtpSink,
} from '@dayframe/test-kit';
import { createReminders, remoteReminderSources, type Reminders } from './mod.ts';
import { vapidKeys } from './push/vapid-keys.ts';

/** Where the jobs run: in this process (npm start), or BullMQ on the shared Redis. */
export type JobsKind = 'in-process' | 'bullmq';

export const APP_URL = 'https://dayframe.test';
/** The test deployment's `REMINDERS_UNSUBSCRIBE_SECRET`: tests make links and forge others. */
export const UNSUBSCRIBE_KEY = Buffer.from('reminders-test-unsubscribe-secret-of-32-bytes');

/**
 * The reminders service over real HTTP on a fresh database, for one test file, beside a real
 * journals service (asked over its internal endpoints whether a day was written and how a week
 * went), a real goals service (which goals are due or were completed) and a real
 * mailer sending to an SMTP sink. Identity is the one stand-in: the test's accounts and their
 * addresses, answered as identity's internal endpoint would (identity has its own tests).
 * The sweep never runs by itself: a test moves the clock and sweeps.
 */
export async function startRemindersTestApp(kind: DatabaseKind, jobsKind: JobsKind) {
  const sessions = testSessions();
  const clock = manualClock(Date.parse('2026-01-01T00:00:00Z'));
  const smtp = await startSmtpSink();
  const addresses = new Map<string, { email: string; name: string }>();
  const journals = await startServiceTestApp(kind, (parts) => createJournals(parts), sessions);
  const goals = await startServiceTestApp(kind, (parts) => createGoals(parts), sessions);
  const sources = (serviceKey: Parameters<typeof serviceCaller>[0]) => {
    const remote = remoteReminderSources({
      identityUrl: 'http://identity.invalid',
      journalsUrl: journals.url,
      goalsUrl: goals.url,
      caller: serviceCaller(serviceKey, 'reminders'),
    });
    return { ...remote, mailAddress: async (userId: string) => addresses.get(userId) ?? null };
  };
  const instances: { buses: Bus; service: Reminders }[] = [];
  // Made once in a directory of the test's, as `npm start` makes them; the push service the
  // tests run is on loopback, which only tests and `npm start` allow.
  const vapidDir = tempDataDir();
  const push = { keys: vapidKeys({ NODE_ENV: 'test' }, vapidDir.dir), allowLocal: true };
  let shared: ServiceTestParts | undefined;
  const first = openBus(jobsKind, smtp);
  const app = await startServiceTestApp(
    kind,
    (parts) => {
      shared = parts;
      const service = createReminders({
        ...parts,
        jobs: first.bus,
        sources: sources(parts.serviceKey),
        appUrl: APP_URL,
        unsubscribeKey: UNSUBSCRIBE_KEY,
        clock,
        dueSweep: { everyMs: 3_600_000, firstMs: 3_600_000 },
        push,
      });
      instances.push({ buses: first, service });
      return service;
    },
    sessions,
  );
  return {
    ...app,
    clock,
    smtp,
    journals,
    goals,
    sessions,
    push,
    /** Gives a test account a verified address, as identity would answer for it. */
    setAddress(userId: string, email: string, name = 'Ada') {
      addresses.set(userId, { email, name });
    },
    /**
     * A second replica on the same database, with a job bus (and mailer) of its own, so that
     * nothing but the database stands between two sweeps and a reminder sent twice.
     */
    async replica(): Promise<Reminders> {
      const buses = openBus(jobsKind, smtp);
      const service = createReminders({
        ...shared!,
        jobs: buses.bus,
        sources: sources(shared!.serviceKey),
        appUrl: APP_URL,
        unsubscribeKey: UNSUBSCRIBE_KEY,
        clock,
        push,
      });
      await service.migrate();
      instances.push({ buses, service });
      return service;
    },
    async close() {
      for (const { buses, service } of instances) {
        await buses.close();
        await service.close();
      }
      await app.close();
      await journals.close();
      await goals.close();
      await smtp.close();
      vapidDir.remove();
    },
  };
}

type Bus = { bus: JobBus; close(): Promise<void> };

/** A job bus with the mailer working its mail queue into the SMTP sink. */
function openBus(kind: JobsKind, smtp: SmtpSink): Bus {
  const log = silentLogger();
  const keys = kind === 'bullmq' ? testRedisPrefix() : null;
  const bus = keys
    ? createJobBus({ redisUrl: SHARED_REDIS, prefix: keys.prefix, log, backoffMs: 50 })
    : inProcessJobBus(log, 50);
  const data = tempDataDir();
  const mailer = startMailer(
    bus,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Dayframe <no-reply@dayframe.test>',
      DATA_DIR: data.dir,
      NODE_ENV: 'test',
      REDIS_URL: keys ? SHARED_REDIS : undefined,
      QUEUE_PREFIX: keys?.prefix ?? 'dayframe',
    },
    log,
  );
  return {
    bus,
    async close() {
      await bus.close();
      mailer.close();
      await keys?.cleanup();
      data.remove();
    },
  };
}
