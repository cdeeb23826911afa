import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED,
  accountDeletedEvent,
  type AccountDeletedEvent,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { createEventBus, type EventBus } from '@dayframe/service-kit/events';
import {
  apiClient,
  confirmed,
  createTestDatabase,
  freePort,
  startProcess,
  testRedisPrefix,
  testServiceSecret,
  testTokenKeys,
  type RunningProcess,
  type TestDatabase,
} from '@dayframe/test-kit';
import { injectFault } from './_load.ts';

// Identity as a real process, killed (SIGKILL) after the deletion committed but before the event
// could be published (its Redis was unreachable); the next identity process relays it.
describe('identity killed between commit and publish', () => {
  const redis = testRedisPrefix();
  let database: TestDatabase;
  let subscriber: EventBus;
  let identity: RunningProcess | undefined;
  const received: AccountDeletedEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    subscriber = createEventBus({
      redisUrl: redis.url,
      prefix: redis.prefix,
      log: silentLogger(),
      retryMs: 500,
    });
    subscriber.subscribe(ACCOUNT_DELETED, 'journals', async (e) => {
      received.push(accountDeletedEvent.parse(e));
    });
  });
  afterAll(async () => {
    await identity?.stop('SIGKILL');
    await subscriber?.close();
    await database?.drop();
    await redis.cleanup();
  });

  const startIdentity = (redisUrl: string) =>
    startProcess('services/identity/main.ts', {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: redis.prefix,
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
      SERVICE_TOKEN_SECRET: testServiceSecret().secret,
      BCRYPT_COST: '4',
      LOG_LEVEL: 'warn',
    });

  it(
    'delivers the event after the restart',
    () =>
      injectFault('identity killed between commit and publish', async (tally) => {
        identity = await startIdentity(`redis://127.0.0.1:${await freePort()}`);
        const api = apiClient(identity.url);
        const email = 'killed@example.com';
        const password = 'correct horse battery';
        const signup = await api.call('POST', '/api/auth/signup', {
          body: { name: 'K', email, password },
        });
        expect(signup.status, signup.text).toBe(201);
        const conn = await mysql.createConnection({ uri: database.url });
        try {
          // Verified by hand: the code's mail cannot be queued while this Redis is away.
          await conn.query('UPDATE users SET verified = 1 WHERE email = ?', [email]);
          const login = await api.call('POST', '/api/auth/login', { body: { email, password } });
          expect(login.status, login.text).toBe(200);
          const deleted = await api.call('DELETE', '/api/user/delete', {
            token: login.body.token,
            headers: await confirmed(api, { token: login.body.token, password }),
          });
          expect(deleted.status, deleted.text).toBe(200);
          tally.writesAcknowledged = 1;
          const attempts = async () => {
            const [rows] = await conn.query(
              'SELECT attempts FROM outbox WHERE delivered_at IS NULL AND payload LIKE ?',
              [`%${signup.body.user._id}%`],
            );
            return Number((rows as { attempts: number }[])[0]?.attempts ?? 0);
          };
          await expect.poll(attempts, { timeout: 10_000 }).toBeGreaterThan(0);
          await identity.stop('SIGKILL');
          expect(received).toEqual([]);

          identity = await startIdentity(redis.url);
          await expect
            // A deadline, not a latency: generous for a restart on a loaded CI machine.
            .poll(() => received.filter((e) => e.userId === signup.body.user._id), {
              timeout: 45_000,
            })
            .toHaveLength(1);
          await expect.poll(attempts).toBe(0); // marked delivered
          tally.writesFound = 1;
          tally.requests = 4;
        } finally {
          await conn.end();
        }
      }),
    120_000,
  );
});
