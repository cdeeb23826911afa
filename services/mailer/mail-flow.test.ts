import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  createTestDatabase,
  startProcess,
  startSmtpSink,
  testRedisPrefix,
  testTokenKeys,
  type RunningProcess,
  type SmtpSink,
  type TestDatabase,
  testServiceSecret,
} from '@dayframe/test-kit';
import { newVapidPair } from '@dayframe/service-kit/tokens';
import { apiClient, type ApiClient } from '@dayframe/test-kit';

// The distributed path of a verification mail: identity in its own process enqueues on Redis,
// the mailer worker in its own process sends through a real SMTP server.
describe('sign-up → code by mail → verify → login, across processes', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const redis = testRedisPrefix();
  let identity: RunningProcess;
  let mailer: RunningProcess;
  let gateway: RunningProcess;
  let api: ApiClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      BCRYPT_COST: '4',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      NODE_ENV: 'production',
    };
    // Identity and the embedded app that asks it for sessions share it; the mailer calls no one.
    const serviceTokens = { SERVICE_TOKEN_SECRET: testServiceSecret().secret };
    const keys = testTokenKeys();
    identity = await startProcess('services/identity/main.ts', {
      ...shared,
      ...serviceTokens,
      JWT_PRIVATE_KEY: keys.privateKey,
      // Production requires the passkeys' relying party (decision 0052).
      WEBAUTHN_RP_ID: 'dayframe.test',
      WEBAUTHN_ORIGINS: 'https://app.dayframe.test',
    });
    mailer = await startProcess('services/mailer/main.ts', { ...shared, SMTP_URL: sink.url });
    gateway = await startProcess('embedded/main.ts', {
      ...shared,
      ...serviceTokens,
      JWT_PUBLIC_KEY: keys.publicKey,
      IDENTITY_URL: identity.url,
      // Production asks for real keys for media's file links and reminders' unsubscribe links
      // (the app holds both services).
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
      REMINDERS_UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
      ...newVapidPair(),
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    api = apiClient(gateway.url);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([gateway?.stop(), mailer?.stop(), identity?.stop()]);
    await sink?.close();
    await redis.cleanup();
    await database?.drop();
  });

  it('delivers the code by SMTP, verifies with it and logs in', async () => {
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { name: 'Flow', email: 'flow@example.com', password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.user.verified).toBe(false);

    const sent = await api.call('POST', '/api/auth/otp/send', {
      body: { email: 'flow@example.com' },
    });
    expect(sent.status).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes('flow@example.com'));
    expect(mail.subject).toContain('Dayframe');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('10 minutes');
    const code = codeFrom(mail);

    const verified = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'flow@example.com', otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.verified).toBe(true);

    const login = await api.call('POST', '/api/auth/login', {
      body: { email: 'flow@example.com', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.verified).toBe(true);

    // Nothing of the delivered job, and so no code, is left in Redis; no process logged it.
    const conn = new Redis(redis.url);
    try {
      const keys = await conn.keys(`${redis.prefix}*`);
      for (const key of keys) {
        const type = await conn.type(key);
        const dump =
          type === 'hash'
            ? JSON.stringify(await conn.hgetall(key))
            : type === 'string'
              ? await conn.get(key)
              : type === 'list'
                ? JSON.stringify(await conn.lrange(key, 0, -1))
                : '';
        expect(dump ?? '', key).not.toContain(code);
      }
    } finally {
      conn.disconnect();
    }
    for (const proc of [identity, mailer, gateway]) expect(proc.output()).not.toContain(code);
  });
});
