import { codeFrom, startDistributedSystem } from '@dayframe/test-kit';

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
    stop: () => system.stop(),
  };
}
