import { randomBytes } from 'node:crypto';
import {
  apiClient,
  codeFrom,
  startSmtpSink,
  testRedisPrefix,
  testTokenKeys,
  type ApiClient,
} from '@dayframe/test-kit';
import { startDistributed, type Distributed } from '../scripts/distributed.ts';

/**
 * The distributed topology on the given database server (an admin URL: each service gets a
 * database and user of its own there) and Redis, with a real SMTP sink.
 */
export async function startSystem(options: {
  mariadbUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}) {
  const sink = await startSmtpSink();
  const redis = testRedisPrefix(options.redisUrl);
  const system: Distributed = await startDistributed(
    {
      DATABASE_ADMIN_URL: options.mariadbUrl,
      DATABASE_PREFIX: `dfr_${randomBytes(4).toString('hex')}`,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
      BCRYPT_COST: '4',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '300',
      ...options.env,
    },
    { freePorts: true },
  );
  const api: ApiClient = apiClient(system.gatewayUrl);
  return {
    system,
    api,
    sink,
    /** The journals service's database (where the journals table is). */
    databaseUrl: system.databases.urls.journals,
    redis,
    async verifiedUser(
      name: string,
      email: string,
    ): Promise<{ token: string; user: { _id: string } }> {
      await api.call('POST', '/api/auth/signup', {
        body: { name, email, password: 'correct horse battery' },
      });
      const sent = await api.call('POST', '/api/auth/otp/send', { body: { email } });
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
      const code = codeFrom(await sink.waitFor((m) => m.to.includes(email)));
      const verified = await api.call('POST', '/api/auth/otp/verify', {
        body: { email, otp: code },
      });
      if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
      return verified.body;
    },
    /** True while no process of the system has exited by itself. */
    allAlive: () =>
      Object.values(system.processes).every(
        (p) => p.child.exitCode === null && p.child.signalCode === null,
      ),
    async stop() {
      await system.stop();
      await sink.close();
      await redis.cleanup();
      await system.databases.drop().catch(() => undefined); // the server may be gone already
    },
  };
}
