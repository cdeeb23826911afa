// Starts the distributed topology without containers: every service, the mailer worker and the
// gateway as separate processes on loopback, on the MySQL and Redis named by the environment.
import { freePort, startProcess, type RunningProcess } from '@dayframe/test-kit';

export const SERVICES = [
  { name: 'identity', entry: 'services/identity/main.ts', port: 3001, urlVar: 'IDENTITY_URL' },
  { name: 'journals', entry: 'services/journals/main.ts', port: 3002, urlVar: 'JOURNALS_URL' },
  { name: 'goals', entry: 'services/goals/main.ts', port: 3003, urlVar: 'GOALS_URL' },
  { name: 'calendar', entry: 'services/calendar/main.ts', port: 3004, urlVar: 'CALENDAR_URL' },
] as const;
const MAILER = { name: 'mailer', entry: 'services/mailer/main.ts', port: 3009 } as const;
const GATEWAY = { name: 'gateway', entry: 'gateway/main.ts', port: 8080 } as const;

export type ProcessName = (typeof SERVICES)[number]['name'] | 'mailer' | 'gateway';

export type Distributed = {
  gatewayUrl: string;
  processes: Record<ProcessName, RunningProcess>;
  /** Starts a stopped process again on the same port (a redeploy of one service). */
  restart(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
};

/**
 * `env` must name `DATABASE_URL`, `REDIS_URL` and `JWT_SECRET`. With `freePorts`, every process
 * takes a free port instead of its default (tests run side by side).
 */
export async function startDistributed(
  env: Record<string, string>,
  options: { freePorts?: boolean; gatewayEnv?: Record<string, string> } = {},
): Promise<Distributed> {
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) {
    if (!env[name]) throw new Error(`${name} is required for the distributed topology`);
  }
  const port = async (fallback: number) => (options.freePorts ? freePort() : fallback);
  const ports = {} as Record<ProcessName, number>;
  for (const p of [...SERVICES, MAILER, GATEWAY]) ports[p.name] = await port(p.port);
  const identityUrl = `http://127.0.0.1:${ports.identity}`;
  const serviceEnv = { ...env, IDENTITY_URL: identityUrl };
  const specs: Record<ProcessName, { entry: string; env: Record<string, string> }> = {
    identity: { entry: SERVICES[0].entry, env },
    journals: { entry: SERVICES[1].entry, env: serviceEnv },
    goals: { entry: SERVICES[2].entry, env: serviceEnv },
    calendar: { entry: SERVICES[3].entry, env: serviceEnv },
    mailer: { entry: MAILER.entry, env },
    gateway: {
      entry: GATEWAY.entry,
      env: {
        ...env,
        ...Object.fromEntries(SERVICES.map((s) => [s.urlVar, `http://127.0.0.1:${ports[s.name]}`])),
        ...options.gatewayEnv,
      },
    },
  };
  const processes = {} as Record<ProcessName, RunningProcess>;
  const launch = async (name: ProcessName) => {
    processes[name] = await startProcess(specs[name].entry, specs[name].env, { port: ports[name] });
  };
  // Identity first: it owns the users table the others' sessions are checked against.
  await launch('identity');
  await Promise.all((['journals', 'goals', 'calendar', 'mailer'] as const).map(launch));
  await launch('gateway');
  return {
    gatewayUrl: processes.gateway.url,
    processes,
    restart: launch,
    async stop() {
      await processes.gateway.stop();
      await Promise.all(Object.values(processes).map((p) => p.stop()));
    },
  };
}
