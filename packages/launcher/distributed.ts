// Starts the distributed topology without containers: every process of the catalog (each
// service, the mailer worker and the gateway) on loopback, on the MySQL and Redis named by the
// environment. Each process gets only what its catalog row says it uses: its own database, the
// signing key for identity alone, the public key for the verifiers, Redis for those that use it
// (as a Redis user of its own when the launcher holds an admin URL), the URLs of the services it
// calls, the service-token secret for the services alone, SMTP for the mailer.
import { createPublicKey, randomBytes } from 'node:crypto';
import {
  GATEWAY,
  MAILER,
  PROCESSES,
  REDIS_ACCESS,
  SERVICES,
  service,
  type ProcessName,
} from '@dayframe/catalog';
import {
  newServiceTokenSecret,
  newVapidPair,
  parseTokenKey,
  resolveSigningKey,
} from '@dayframe/service-kit/tokens';
import { freePort, startProcess, type RunningProcess } from './process.ts';
import { provisionServiceDatabases, type ServiceDatabases } from './service-databases.ts';
import { provisionRedisUsers, type RedisUsers } from './redis-users.ts';

export type Distributed = {
  gatewayUrl: string;
  processes: Record<ProcessName, RunningProcess>;
  /** Each data-owning service's database (kept by `stop`; tests drop them). */
  databases: ServiceDatabases;
  /** Each Redis-using process's own Redis user, when started with `REDIS_ADMIN_URL`. */
  redisUsers?: RedisUsers;
  /** The environment each process was started with (what it was trusted with). */
  envs: Record<ProcessName, Record<string, string>>;
  /** Starts a stopped process again on the same port (a redeploy of one service). */
  restart(name: ProcessName): Promise<void>;
  /** Stops every process, then deletes the Redis users it made (the databases stay). */
  stop(): Promise<void>;
};

/** Handed out one by one below, never to every process. */
const SECRETS = [
  'DATABASE_ADMIN_URL',
  'DATABASE_URL',
  'DATABASE_PREFIX',
  'REDIS_ADMIN_URL',
  'REDIS_URL',
  'SMTP_URL',
  'JWT_PRIVATE_KEY',
  'JWT_PUBLIC_KEY',
  'CODE_HMAC_SECRET',
  'SERVICE_TOKEN_SECRET',
  'MEDIA_URL_SECRET',
  'REMINDERS_UNSUBSCRIBE_SECRET',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
];

/** Secrets one service alone reads, handed to it when the environment has them. */
const OWN_SECRETS: Partial<Record<ProcessName, readonly string[]>> = {
  // Its file links' key and its bucket's credentials (decision 0048).
  media: ['MEDIA_URL_SECRET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'],
  // The key of the unsubscribe links in reminder mails and Web Push's pair (decision 0051).
  reminders: [
    'REMINDERS_UNSUBSCRIBE_SECRET',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
  ],
};

/** The one service that signs tokens: it gets the private key, every other service the public one. */
const SIGNER = 'identity';

/**
 * `env` must name `DATABASE_ADMIN_URL` (a MySQL account that may create databases and users:
 * each data-owning service gets `<DATABASE_PREFIX>_<service>` and a user of its own,
 * `DATABASE_PREFIX` defaulting to `dayframe`) and Redis: `REDIS_ADMIN_URL`, a Redis user that
 * may run `ACL SETUSER`, gives each process that uses Redis a user of its own for this run
 * (`dayframe-<run id>-<process>`, allowed only its catalog row's keys and commands, deleted by
 * `stop`); a plain `REDIS_URL` instead is shared by those processes as it is (a Redis without
 * ACL rights). `JWT_PRIVATE_KEY` is identity's
 * signing key; without it (outside production) the development pair in `DATA_DIR` is used.
 * `SERVICE_TOKEN_SECRET` is what the services sign their calls to each other with; without it, one
 * is made for this run (the mailer and the gateway call no `/internal/*`, so they get none), and so
 * is media's `MEDIA_URL_SECRET`, which media alone gets (with the AWS credentials), and reminders'
 * `REMINDERS_UNSUBSCRIBE_SECRET` and the Web Push pair (`VAPID_*`), which reminders alone gets. The
 * gateway listens on `PORT` (8080 by default), each service on its catalog port; with
 * `freePorts`, every process takes a free port instead (tests run side by side). `onLine`
 * receives each line a process writes, with the process's name.
 */
export async function startDistributed(
  env: Record<string, string>,
  options: {
    freePorts?: boolean;
    gatewayEnv?: Record<string, string>;
    onLine?: (name: ProcessName, line: string) => void;
  } = {},
): Promise<Distributed> {
  if (!env.DATABASE_ADMIN_URL)
    throw new Error('DATABASE_ADMIN_URL is required for the distributed topology');
  if (!env.REDIS_ADMIN_URL && !env.REDIS_URL)
    throw new Error('REDIS_ADMIN_URL or REDIS_URL is required for the distributed topology');
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

  const ports = {} as Record<ProcessName, number>;
  for (const p of PROCESSES) {
    const fixed = p.name === GATEWAY.name && env.PORT ? Number(env.PORT) : p.port;
    ports[p.name] = options.freePorts ? await freePort() : fixed;
  }
  const url = (name: ProcessName) => `http://127.0.0.1:${ports[name]}`;

  // `PORT` is the gateway's; every other process gets its own.
  const base = Object.fromEntries(
    Object.entries(env).filter(([name]) => !SECRETS.includes(name) && name !== 'PORT'),
  );
  const redisUsers = env.REDIS_ADMIN_URL
    ? await provisionRedisUsers(env.REDIS_ADMIN_URL, {
        keyPrefix: env.QUEUE_PREFIX || 'dayframe',
        userPrefix: `dayframe-${randomBytes(4).toString('hex')}`,
      })
    : undefined;
  const redis = (name: ProcessName) => ({
    REDIS_URL:
      redisUsers && name in REDIS_ACCESS
        ? redisUsers.urls[name as keyof typeof REDIS_ACCESS]
        : env.REDIS_URL!,
  });
  const serviceTokens = {
    SERVICE_TOKEN_SECRET: env.SERVICE_TOKEN_SECRET || newServiceTokenSecret(),
  };
  // Media's link key, made for this run when not given (links live an hour anyway), and
  // reminders' unsubscribe key likewise: a run's mails are that run's (a deployment sets it).
  const ownSecrets: Record<string, string | undefined> = {
    ...env,
    MEDIA_URL_SECRET: env.MEDIA_URL_SECRET || randomBytes(32).toString('hex'),
    REMINDERS_UNSUBSCRIBE_SECRET:
      env.REMINDERS_UNSUBSCRIBE_SECRET || randomBytes(32).toString('hex'),
    // Web Push's pair, made for this run when not given: browsers subscribed in another run
    // must subscribe again (a deployment sets it once and keeps it).
    ...(env.VAPID_PUBLIC_KEY ? {} : newVapidPair()),
    VAPID_SUBJECT: env.VAPID_SUBJECT || 'mailto:reminders@dayframe.invalid',
  };
  const envs = {} as Record<ProcessName, Record<string, string>>;
  for (const row of SERVICES) {
    const signs = row.name === SIGNER;
    envs[row.name] = {
      ...base,
      ...(row.usesRedis ? redis(row.name) : {}),
      ...serviceTokens,
      ...(row.ownsDatabase ? { DATABASE_URL: databaseUrl(databases, row.name) } : {}),
      ...(signs
        ? {
            JWT_PRIVATE_KEY: privateKey,
            ...(env.CODE_HMAC_SECRET ? { CODE_HMAC_SECRET: env.CODE_HMAC_SECRET } : {}),
          }
        : { JWT_PUBLIC_KEY: publicKey }),
      ...Object.fromEntries(row.calls.map((callee) => [service(callee).urlVar, url(callee)])),
      ...(signs ? passkeyOrigins(env, ports[GATEWAY.name]) : {}),
      ...Object.fromEntries(
        (OWN_SECRETS[row.name] ?? []).flatMap((name) =>
          ownSecrets[name] ? [[name, ownSecrets[name]]] : [],
        ),
      ),
    };
  }
  envs.mailer = {
    ...base,
    ...redis(MAILER.name),
    ...(env.SMTP_URL ? { SMTP_URL: env.SMTP_URL } : {}),
  };
  // The gateway only proxies: no database, no key, no queue.
  envs.gateway = {
    ...base,
    ...Object.fromEntries(SERVICES.map((s) => [s.urlVar, url(s.name)])),
    ...options.gatewayEnv,
  };

  const entries = Object.fromEntries(PROCESSES.map((p) => [p.name, p.entry])) as Record<
    ProcessName,
    string
  >;
  const processes = {} as Record<ProcessName, RunningProcess>;
  const launch = async (name: ProcessName) => {
    processes[name] = await startProcess(entries[name], envs[name], {
      port: ports[name],
      isolated: true,
      onLine: options.onLine && ((line) => options.onLine?.(name, line)),
    });
  };
  const started: ProcessName[] = [];
  const stopAll = async () => {
    await processes.gateway?.stop();
    await Promise.all(started.map((name) => processes[name]?.stop()));
    await redisUsers?.drop().catch(() => undefined); // the server may be gone already
  };
  try {
    // In catalog order, a service after those it calls (identity first: the others' sessions
    // are checked against it); the rest side by side; the gateway last.
    for (const row of SERVICES) {
      if (row.calls.length === 0) await launch(row.name).then(() => started.push(row.name));
    }
    const rest = [...SERVICES.filter((row) => row.calls.length > 0), MAILER];
    await Promise.all(rest.map((p) => launch(p.name).then(() => started.push(p.name))));
    await launch(GATEWAY.name).then(() => started.push(GATEWAY.name));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    gatewayUrl: processes.gateway.url,
    processes,
    databases,
    redisUsers,
    envs,
    restart: launch,
    stop: stopAll,
  };
}

/**
 * Where passkeys come from: the environment's, else the gateway this run starts, as the
 * browser names it (`localhost`: browsers refuse passkeys on IP addresses), on its real port.
 */
function passkeyOrigins(env: Record<string, string>, gatewayPort: number) {
  return {
    WEBAUTHN_RP_ID: env.WEBAUTHN_RP_ID || 'localhost',
    WEBAUTHN_ORIGINS: env.WEBAUTHN_ORIGINS || `http://localhost:${gatewayPort}`,
  };
}

function databaseUrl(databases: ServiceDatabases, name: string): string {
  const url = (databases.urls as Record<string, string>)[name];
  if (!url) throw new Error(`no database was made for ${name}`);
  return url;
}
