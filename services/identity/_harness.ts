// Test harness: the identity app over real HTTP on a real database, with an injected clock,
// the real in-process job bus whose mail jobs the test can read, and an in-process event bus
// whose account.deleted events the test can read (or the caller's own bus).
import {
  ACCOUNT_DELETED,
  MAIL_QUEUE,
  accountDeletedEvent,
  type AccountDeletedEvent,
  type MailJob,
} from '@dayframe/contracts';
import { manualClock, silentLogger } from '@dayframe/service-kit/http';
import { createDatabase } from '@dayframe/service-kit/db';
import { inProcessJobBus, type JobBus } from '@dayframe/service-kit/jobs';
import { inProcessEventBus, type EventBus } from '@dayframe/service-kit/events';
import { createTokenIssuer } from '@dayframe/service-kit/tokens';
import { memoryRateLimiter } from '@dayframe/service-kit/limits';
import {
  apiClient,
  createTestDatabase,
  listen,
  tempDataDir,
  testTokenKeys,
  verifiedAccount,
  type ApiClient,
  testServiceSecret,
} from '@dayframe/test-kit';
import { createIdentity } from './identity-service.ts';
import { firstAdminRule, identitySettings } from './config.ts';

/** The verification-code key (`CODE_HMAC_SECRET`). */
export const SECRET = 'identity-test-secret-that-is-long-enough-0123456789';

export type Harness = Awaited<ReturnType<typeof startIdentity>>;

export async function startIdentity(
  kind: 'sqlite' | 'mariadb',
  options: {
    jobs?: JobBus;
    events?: EventBus;
    databaseUrl?: string;
    /** `NODE_ENV` and `ADMIN_EMAIL` as the process would read them: who becomes admin. */
    env?: { NODE_ENV?: 'production' | 'test'; ADMIN_EMAIL?: string; REQUIRE_ADMIN_2FA?: string };
  } = {},
) {
  const mariadb = kind === 'mariadb' && !options.databaseUrl ? await createTestDatabase() : null;
  const dataDir = tempDataDir();
  const db = createDatabase({ url: options.databaseUrl ?? mariadb?.url, dataDir: dataDir.dir });
  const clock = manualClock(Date.parse('2026-11-22T10:00:00Z'));
  const log = silentLogger();
  const jobs = options.jobs ?? inProcessJobBus(log, 10);
  const mails: MailJob[] = [];
  const deletions: AccountDeletedEvent[] = [];
  if (!options.jobs) jobs.work<MailJob>(MAIL_QUEUE, async (job) => void mails.push(job));
  const events = options.events ?? inProcessEventBus(log);
  if (!options.events)
    events.subscribe(ACCOUNT_DELETED, 'test', async (e) => {
      deletions.push(accountDeletedEvent.parse(e));
    });
  const tokens = createTokenIssuer(testTokenKeys().signingKey, { now: clock.now });
  const identity = createIdentity({
    db,
    tokens,
    secret: SECRET,
    serviceKey: testServiceSecret().key,
    jobs,
    events,
    relayEveryMs: 50,
    limiter: memoryRateLimiter(clock),
    log,
    bcryptCost: 4,
    // These tests are about behaviour, not sign-up limits (the security suite tests those).
    signupsPerAddressPerHour: 10_000,
    signupsPerMinute: 10_000,
    requireAdminSecondFactor: identitySettings.REQUIRE_ADMIN_2FA.parse(
      options.env?.REQUIRE_ADMIN_2FA,
    ),
    ...firstAdminRule({
      NODE_ENV: options.env?.NODE_ENV ?? 'test',
      ADMIN_EMAIL: identitySettings.ADMIN_EMAIL.parse(options.env?.ADMIN_EMAIL),
    }),
    clock,
  });
  await identity.migrate();
  identity.relay.start();
  const server = await listen(identity.app.callback());
  const api: ApiClient = apiClient(server.url);

  async function nextCode(email: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = mails.findLast((m) => m.to === email && m.kind === 'verification-code');
      if (mail?.kind === 'verification-code') return mail.code;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  return {
    api,
    db,
    clock,
    tokens,
    mails,
    deletions,
    nextCode,
    async signup(name: string, email: string, password = 'correct horse battery') {
      const res = await api.call('POST', '/api/auth/signup', { body: { name, email, password } });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
      return res.body as { token: string; user: { _id: string; role: string; verified: boolean } };
    },
    /** Signs up and verifies by code: what every real user does first. */
    async verifiedUser(name: string, email: string, password = 'correct horse battery') {
      const account = await verifiedAccount(api, { name, email, password }, nextCode);
      clock.advance(61_000); // past the resend cooldown, so the test may send again at once
      return account;
    },
    identity,
    async stop() {
      await identity.close();
      await server.close();
      await identity.relay.stop();
      if (!options.events) await events.close();
      await jobs.close();
      await db.destroy();
      await mariadb?.drop();
      dataDir.remove();
    },
  };
}
