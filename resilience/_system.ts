import mysql from 'mysql2/promise';
import {
  apiClient,
  codeFrom,
  startSmtpSink,
  testRedisPrefix,
  type ApiClient,
} from '@dayframe/test-kit';
import { startDistributed, type Distributed } from '../scripts/distributed.ts';

export const SECRET = 'resilience-test-secret-that-is-long-enough-0123456789';

/** The distributed topology on the given database server and Redis, with a real SMTP sink. */
export async function startSystem(options: {
  mariadbUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}) {
  const conn = await mysql.createConnection({ uri: options.mariadbUrl });
  await conn.query('CREATE DATABASE IF NOT EXISTS dayframe');
  await conn.end();
  const sink = await startSmtpSink();
  const redis = testRedisPrefix(options.redisUrl);
  const databaseUrl = `${options.mariadbUrl}/dayframe`;
  const system: Distributed = await startDistributed(
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      JWT_SECRET: SECRET,
      BCRYPT_COST: '4',
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
    databaseUrl,
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
    },
  };
}
