import { randomBytes } from 'node:crypto';
import { startDistributed, type Distributed } from '@dayframe/launcher';
import { apiClient, type ApiClient } from './http.ts';
import { SHARED_MARIADB } from './mariadb.ts';
import { testRedisPrefix } from './redis.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { testTokenKeys } from './token-keys.ts';
import { sinkCode, verifiedAccount, type VerifiedAccount } from './verified-account.ts';

export type DistributedSystem = Distributed & {
  api: ApiClient;
  /** Where every process's mail goes (the mailer's SMTP server). */
  sink: SmtpSink;
  /** The Redis key prefix the processes share, with its cleanup. */
  redis: ReturnType<typeof testRedisPrefix>;
  /** An account signed up and verified through the gateway, its code read from the sink. */
  verifiedUser(name: string, email: string): Promise<VerifiedAccount>;
  /** Stops every process, then the sink, and removes the Redis users and keys and the databases. */
  stop(): Promise<void>;
};

/**
 * The whole distributed topology for a test: every process of the catalog on free ports, a
 * database and user per data-owning service (fresh names on `mariadbUrl`, the shared MariaDB by
 * default), a Redis prefix of its own and a Redis user per process allowed only its keys under
 * that prefix (on `redisUrl`, an admin URL: the shared Redis by default), mail to a real SMTP
 * sink, fast hashing and roomy sign-up limits. `env` adds to or replaces those settings (a value of `undefined` removes one).
 */
export async function startDistributedSystem(
  options: {
    mariadbUrl?: string;
    redisUrl?: string;
    env?: Record<string, string | undefined>;
    gatewayEnv?: Record<string, string>;
  } = {},
): Promise<DistributedSystem> {
  const sink = await startSmtpSink();
  const redis = testRedisPrefix(options.redisUrl);
  const settings: Record<string, string | undefined> = {
    DATABASE_ADMIN_URL: options.mariadbUrl ?? SHARED_MARIADB,
    DATABASE_PREFIX: `dfs_${randomBytes(4).toString('hex')}`,
    // Each process connects as a Redis user of its own, as in production, deleted by `stop`.
    REDIS_ADMIN_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    JWT_PRIVATE_KEY: testTokenKeys().privateKey,
    BCRYPT_COST: '4',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    SIGNUPS_PER_MINUTE: '10000',
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const env = Object.fromEntries(
    Object.entries(settings).filter((e): e is [string, string] => e[1] !== undefined),
  );
  let system: Distributed;
  try {
    system = await startDistributed(env, { freePorts: true, gatewayEnv: options.gatewayEnv });
  } catch (error) {
    await sink.close();
    await redis.cleanup();
    throw error;
  }
  const api = apiClient(system.gatewayUrl);
  return {
    ...system,
    api,
    sink,
    redis,
    verifiedUser: (name, email) => verifiedAccount(api, { name, email }, sinkCode(sink)),
    async stop() {
      await system.stop();
      await sink.close();
      await redis.cleanup();
      await system.databases.drop().catch(() => undefined); // the server may be gone already
    },
  };
}
