// Starts the distributed topology without containers: every service, the mailer worker and the
// gateway as separate processes on loopback, on the MySQL and Redis named by the environment.
// Each process gets only what it uses: its own database, the signing key for identity alone,
// the public key for the verifiers, Redis for those that queue, SMTP for the mailer.
import { createPublicKey } from 'node:crypto';
import { parseTokenKey, resolveSigningKey } from '@dayframe/service-kit/tokens';
import { freePort, startProcess, type RunningProcess } from '@dayframe/test-kit';
import { provisionServiceDatabases, type ServiceDatabases } from './service-databases.ts';

export const SERVICES = [
  { name: 'identity', entry: 'services/identity/main.ts', port: 3001, urlVar: 'IDENTITY_URL' },
  { name: 'journals', entry: 'services/journals/main.ts', port: 3002, urlVar: 'JOURNALS_URL' },
  { name: 'goals', entry: 'services/goals/main.ts', port: 3003, urlVar: 'GOALS_URL' },
  { name: 'calendar', entry: 'services/calendar/main.ts', port: 3004, urlVar: 'CALENDAR_URL' },
  { name: 'archive', entry: 'services/archive/main.ts', port: 3005, urlVar: 'ARCHIVE_URL' },
] as const;
export const MAILER = { name: 'mailer', entry: 'services/mailer/main.ts', port: 3009 } as const;
export const GATEWAY = { name: 'gateway', entry: 'gateway/main.ts', port: 8080 } as const;

export type ProcessName = (typeof SERVICES)[number]['name'] | 'mailer' | 'gateway';

export type Distributed = {
  gatewayUrl: string;
  processes: Record<ProcessName, RunningProcess>;
  /** Each data-owning service's database (kept by `stop`; tests drop them). */
  databases: ServiceDatabases;
  /** The environment each process was started with (what it was trusted with). */
  envs: Record<ProcessName, Record<string, string>>;
  /** Starts a stopped process again on the same port (a redeploy of one service). */
  restart(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
};

/** Handed out one by one below, never to every process. */
const SECRETS = [
  'DATABASE_ADMIN_URL',
  'DATABASE_URL',
  'DATABASE_PREFIX',
  'REDIS_URL',
  'SMTP_URL',
  'JWT_PRIVATE_KEY',
  'JWT_PUBLIC_KEY',
  'CODE_HMAC_SECRET',
];

/**
 * `env` must name `DATABASE_ADMIN_URL` (a MySQL account that may create databases and users:
 * each service gets `<DATABASE_PREFIX>_<service>` and a user of its own, `DATABASE_PREFIX`
 * defaulting to `dayframe`) and `REDIS_URL`. `JWT_PRIVATE_KEY` is identity's signing key;
 * without it (outside production) the development pair in `DATA_DIR` is used. With
 * `freePorts`, every process takes a free port instead of its default (tests run side by side).
 */
export async function startDistributed(
  env: Record<string, string>,
  options: { freePorts?: boolean; gatewayEnv?: Record<string, string> } = {},
): Promise<Distributed> {
  for (const name of ['DATABASE_ADMIN_URL', 'REDIS_URL']) {
    if (!env[name]) throw new Error(`${name} is required for the distributed topology`);
  }
  const signingKey = resolveSigningKey({
    JWT_PRIVATE_KEY: env.JWT_PRIVATE_KEY
      ? parseTokenKey(env.JWT_PRIVATE_KEY, 'private')
      : undefined,
    DATA_DIR: env.DATA_DIR || './.data',
    NODE_ENV: env.NODE_ENV,
  });
  const privateKey = signingKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = createPublicKey(signingKey).export({ type: 'spki', format: 'pem' }).toString();
  const databases = await provisionServiceDatabases(
    env.DATABASE_ADMIN_URL!,
    env.DATABASE_PREFIX || 'dayframe',
  );

  const port = async (fallback: number) => (options.freePorts ? freePort() : fallback);
  const ports = {} as Record<ProcessName, number>;
  for (const p of [...SERVICES, MAILER, GATEWAY]) ports[p.name] = await port(p.port);
  const url = (name: ProcessName) => `http://127.0.0.1:${ports[name]}`;

  const base = Object.fromEntries(Object.entries(env).filter(([name]) => !SECRETS.includes(name)));
  const redis = { REDIS_URL: env.REDIS_URL! };
  const verifier = { JWT_PUBLIC_KEY: publicKey, IDENTITY_URL: url('identity') };
  const codeSecret: Record<string, string> = env.CODE_HMAC_SECRET
    ? { CODE_HMAC_SECRET: env.CODE_HMAC_SECRET }
    : {};
  const envs: Record<ProcessName, Record<string, string>> = {
    identity: {
      ...base,
      ...redis,
      ...codeSecret,
      DATABASE_URL: databases.urls.identity,
      JWT_PRIVATE_KEY: privateKey,
    },
    journals: { ...base, ...redis, ...verifier, DATABASE_URL: databases.urls.journals },
    goals: { ...base, ...redis, ...verifier, DATABASE_URL: databases.urls.goals },
    // The calendar keeps no data: it asks journals and goals.
    calendar: {
      ...base,
      ...verifier,
      JOURNALS_URL: url('journals'),
      GOALS_URL: url('goals'),
    },
    // The archive keeps no data either: journals and goals export and import their own parts.
    archive: {
      ...base,
      ...verifier,
      JOURNALS_URL: url('journals'),
      GOALS_URL: url('goals'),
    },
    mailer: { ...base, ...redis, ...(env.SMTP_URL ? { SMTP_URL: env.SMTP_URL } : {}) },
    // The gateway only proxies: no database, no key, no queue.
    gateway: {
      ...base,
      ...Object.fromEntries(SERVICES.map((s) => [s.urlVar, url(s.name)])),
      ...options.gatewayEnv,
    },
  };
  const entries: Record<ProcessName, string> = {
    identity: SERVICES[0].entry,
    journals: SERVICES[1].entry,
    goals: SERVICES[2].entry,
    calendar: SERVICES[3].entry,
    archive: SERVICES[4].entry,
    mailer: MAILER.entry,
    gateway: GATEWAY.entry,
  };
  const processes = {} as Record<ProcessName, RunningProcess>;
  const launch = async (name: ProcessName) => {
    processes[name] = await startProcess(entries[name], envs[name], {
      port: ports[name],
      isolated: true,
    });
  };
  // Identity first: the others' sessions are checked against it.
  await launch('identity');
  await Promise.all((['journals', 'goals', 'calendar', 'archive', 'mailer'] as const).map(launch));
  await launch('gateway');
  return {
    gatewayUrl: processes.gateway.url,
    processes,
    databases,
    envs,
    restart: launch,
    async stop() {
      await processes.gateway.stop();
      await Promise.all(Object.values(processes).map((p) => p.stop()));
    },
  };
}
