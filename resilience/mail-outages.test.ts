import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  createTestDatabase,
  startThrowawayRedis,
  type TestDatabase,
  type ThrowawayServer,
} from '@dayframe/test-kit';
import { injectFault } from './_load.ts';
import { startSystem } from './_system.ts';

// Mail faults in the distributed topology on the shared MariaDB and a Redis of the test's own.
describe('mail when Redis, the relay or the worker fail', () => {
  let database: TestDatabase;
  let redis: ThrowawayServer;
  let sys: Awaited<ReturnType<typeof startSystem>>;
  let token: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startThrowawayRedis();
    // The system creates its services' databases on the server the URL names.
    sys = await startSystem({
      mariadbUrl: database.url.replace(/\/[^/]+$/, ''),
      redisUrl: redis.url,
    });
    token = (await sys.verifiedUser('Mo', 'mo@example.com')).token;
    for (const name of ['ann', 'bob', 'cy', 'dee']) {
      await sys.api.call('POST', '/api/auth/signup', {
        body: { name, email: `${name}@example.com`, password: 'correct horse battery' },
      });
    }
  }, 120_000);
  afterAll(async () => {
    await sys?.stop();
    await redis?.remove();
    await database?.drop();
  });

  const send = (email: string) => sys.api.call('POST', '/api/auth/otp/send', { body: { email } });

  it(
    'Redis stopped: sending a code answers 503 within a second, nothing else breaks, queued mail flows once it returns',
    () =>
      injectFault('Redis stopped', async (tally) => {
        // A mail queued while the relay refuses waits in Redis through the outage.
        sys.sink.setRefusing(true);
        expect((await send('ann@example.com')).status).toBe(200);
        await redis.kill('SIGTERM');

        const started = performance.now();
        const refused = await send('bob@example.com');
        expect(performance.now() - started).toBeLessThan(1_000);
        expect(refused.status).toBe(503);
        expect((await sys.api.call('GET', '/api/journals', { token })).status).toBe(200);
        expect(
          (
            await sys.api.call('POST', '/api/journals', {
              token,
              body: { title: 'during redis outage' },
            })
          ).status,
        ).toBe(201);
        expect(
          (
            await sys.api.call('POST', '/api/auth/login', {
              body: { email: 'mo@example.com', password: 'correct horse battery' },
            })
          ).status,
        ).toBe(200);

        await redis.start();
        sys.sink.setRefusing(false);
        await sys.sink.waitFor((m) => m.to.includes('ann@example.com'), 60_000);
        // No cooldown was started by the refused send, and new mail flows without restarts.
        await expect
          .poll(async () => (await send('bob@example.com')).status, { timeout: 10_000 })
          .toBe(200);
        await sys.sink.waitFor((m) => m.to.includes('bob@example.com'), 30_000);
        // Two codes acknowledged (ann before the outage, bob after) and both mails delivered.
        Object.assign(tally, { requests: 7, writesAcknowledged: 2, writesFound: 2 });
        expect(sys.allAlive()).toBe(true);
      }),
    120_000,
  );

  it(
    'SMTP down for a minute: the verification mail arrives once the relay is back',
    () =>
      injectFault('SMTP down for a minute', async (tally) => {
        sys.sink.setRefusing(true);
        const downAt = Date.now();
        expect((await send('cy@example.com')).status).toBe(200);
        await new Promise((r) => setTimeout(r, 60_000));
        expect(sys.sink.messages.some((m) => m.to.includes('cy@example.com'))).toBe(false);
        sys.sink.setRefusing(false);
        const mail = await sys.sink.waitFor((m) => m.to.includes('cy@example.com'), 150_000);
        expect(codeFrom(mail)).toMatch(/^\d{6}$/);
        expect(Date.now() - downAt).toBeGreaterThan(60_000);
        Object.assign(tally, { requests: 1, writesAcknowledged: 1, writesFound: 1 });
      }),
    240_000,
  );

  it(
    'the mailer worker killed mid-job: the job is recovered and the mail sent',
    () =>
      injectFault('mailer worker killed mid-job', async (tally) => {
        // The relay holds each message for a while, so the kill lands while the job is in hand.
        sys.sink.setDelay(3_000);
        expect((await send('dee@example.com')).status).toBe(200);
        await new Promise((r) => setTimeout(r, 800));
        await sys.system.processes.mailer.stop('SIGKILL');
        sys.sink.setDelay(0);
        await sys.system.restart('mailer');
        const mail = await sys.sink.waitFor((m) => m.to.includes('dee@example.com'), 60_000);
        expect(codeFrom(mail)).toMatch(/^\d{6}$/);
        Object.assign(tally, { requests: 1, writesAcknowledged: 1, writesFound: 1 });
      }),
    120_000,
  );
});
