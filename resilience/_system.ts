import { startDistributedSystem } from '@dayframe/test-kit';

/**
 * The distributed topology on the given database server (an admin URL: each service gets a
 * database and user of its own there) and Redis, with a real SMTP sink.
 */
export async function startSystem(options: {
  mariadbUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}) {
  const system = await startDistributedSystem({
    mariadbUrl: options.mariadbUrl,
    redisUrl: options.redisUrl,
    env: { SHUTDOWN_GRACE_MS: '300', ...options.env },
  });
  const { api, sink, redis } = system;
  return {
    system,
    api,
    sink,
    /** The journals service's database (where the journals table is). */
    databaseUrl: system.databases.urls.journals,
    redis,
    verifiedUser: system.verifiedUser,
    /** True while no process of the system has exited by itself. */
    allAlive: () =>
      Object.values(system.processes).every(
        (p) => p.child.exitCode === null && p.child.signalCode === null,
      ),
    stop: () => system.stop(),
  };
}
