// Test harness: the identity app over real HTTP on a real database, with an injected clock
// and the real in-process job bus whose mail and account-deletion jobs the test can read.
import { ACCOUNT_DELETED_QUEUES, MAIL_QUEUE, type VerificationMailJob } from '@dayframe/contracts';
import {
  createDatabase,
  createTokens,
  inProcessJobBus,
  manualClock,
  memoryRateLimiter,
  silentLogger,
  type JobBus,
} from '@dayframe/service-kit';
import {
  apiClient,
  createTestDatabase,
  listen,
  tempDataDir,
  type ApiClient,
} from '@dayframe/test-kit';
import { createIdentity } from './identity.ts';

export const SECRET = 'identity-test-secret-that-is-long-enough-0123456789';

export type Harness = Awaited<ReturnType<typeof startIdentity>>;

export async function startIdentity(kind: 'sqlite' | 'mariadb', options: { jobs?: JobBus } = {}) {
  const mariadb = kind === 'mariadb' ? await createTestDatabase() : null;
  const dataDir = tempDataDir();
  const db = createDatabase({ url: mariadb?.url, dataDir: dataDir.dir });
  const clock = manualClock(Date.parse('2026-11-22T10:00:00Z'));
  const log = silentLogger();
  const jobs = options.jobs ?? inProcessJobBus(log, 10);
  const mails: VerificationMailJob[] = [];
  const deletions: { queue: string; userId: string }[] = [];
  if (!options.jobs) {
    jobs.work<VerificationMailJob>(MAIL_QUEUE, async (job) => void mails.push(job));
    for (const queue of ACCOUNT_DELETED_QUEUES)
      jobs.work<{ userId: string }>(
        queue,
        async (job) => void deletions.push({ queue, userId: job.userId }),
      );
  }
  const tokens = createTokens(SECRET, { now: clock.now });
  const identity = createIdentity({
    db,
    tokens,
    secret: SECRET,
    jobs,
    limiter: memoryRateLimiter(clock),
    log,
    bcryptCost: 4,
    clock,
  });
  await identity.migrate();
  const server = await listen(identity.app.callback());
  const api: ApiClient = apiClient(server.url);

  async function nextCode(email: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = mails.findLast((m) => m.to === email);
      if (mail) return mail.code;
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
      await this.signup(name, email, password);
      const sent = await api.call('POST', '/api/auth/otp/send', { body: { email } });
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
      const verified = await api.call('POST', '/api/auth/otp/verify', {
        body: { email, otp: await nextCode(email) },
      });
      if (verified.status !== 200)
        throw new Error(`verify failed: ${verified.status} ${verified.text}`);
      clock.advance(61_000); // past the resend cooldown, so the test may send again at once
      return verified.body as {
        token: string;
        user: { _id: string; role: string; verified: boolean };
      };
    },
    async stop() {
      await server.close();
      await jobs.close();
      await db.destroy();
      await mariadb?.drop();
      dataDir.remove();
    },
  };
}
