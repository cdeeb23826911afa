import { SERVICES, service, type ServiceName } from '@dayframe/catalog';
import type { Clock, Logger } from '@dayframe/service-kit/http';
import { createDatabase, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus, remoteUserDirectory } from '@dayframe/service-kit/events';
import {
  createTokenVerifier,
  randomServiceKey,
  remoteSessionCheck,
  resolveVerifyingKey,
  serviceCaller,
  type ServiceKey,
  type Tokens,
} from '@dayframe/service-kit/tokens';
import {
  createGateway,
  frontEnds,
  gatewayTimeout,
  inProcessUpstream,
  proxyUpstream,
  type ServableApp,
  type Upstream,
} from '@dayframe/gateway';
import type { EmbeddedConfig } from './config.ts';
import { lifecycle } from './lifecycle.ts';
import { MOUNTS } from './mounts.ts';
import type { IdentityLink, Mounted, Offers, Wiring } from './wiring.ts';

/**
 * The composition root of the embedded topology: one pass over the service catalog mounts each
 * service whose `*_URL` is unset in this process, on one shared database and job bus, and
 * proxies the others by URL. Only this package and the distributed launcher know which
 * topology runs.
 */
export function composeEmbedded(
  config: EmbeddedConfig,
  log: Logger,
  options: { clock?: Clock } = {},
): ServableApp {
  const life = lifecycle();
  const urlOf = (name: ServiceName) => config[service(name).urlVar];

  let db: Knex | null = null;
  life.add({ stop: () => db?.destroy() });
  const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  life.add({ stop: () => events.close() });
  const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });

  const mounted: Partial<Offers> = {};
  let verifier: Tokens | null = null;
  const remoteIdentity = new Map<ServiceName, IdentityLink>();
  const serviceKey = embeddedServiceKey(config);
  const wiring: Wiring = {
    config,
    log,
    clock: options.clock,
    life,
    db: () => (db ??= createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })),
    dbReady: async () => {
      if (db) await pingDatabase(db);
    },
    jobs,
    events,
    // Keys are read only for what runs here: with identity in this process it signs (and the
    // others verify with its public half); with identity elsewhere, the services here verify
    // with `JWT_PUBLIC_KEY`; a gateway that only proxies holds no key at all.
    tokens: () =>
      mounted.identity?.tokens ?? (verifier ??= createTokenVerifier(resolveVerifyingKey(config))),
    identity: (caller) => mounted.identity ?? identityOverHttp(caller),
    serviceKey,
    mounted,
    urlOf,
  };

  // One link per calling service, so identity sees (and the catalog allows) who asks.
  function identityOverHttp(caller: ServiceName): IdentityLink {
    const known = remoteIdentity.get(caller);
    if (known) return known;
    const url = urlOf('identity') ?? '';
    const as = serviceCaller(serviceKey, caller);
    const checkSession = remoteSessionCheck(url, as);
    const users = remoteUserDirectory(url, as);
    life.add({
      async stop() {
        await users.close();
        await checkSession.close();
      },
    });
    const link = { checkSession, users };
    remoteIdentity.set(caller, link);
    return link;
  }

  function upstreamOf(row: (typeof SERVICES)[number]): Upstream {
    const url = config[row.urlVar];
    const upstream = url
      ? proxyUpstream(row.name, url, log, { timeoutMs: gatewayTimeout(row) })
      : mount(row.name);
    life.add({ stop: () => upstream.close() });
    return upstream;
  }

  function mount<N extends ServiceName>(name: N): Upstream {
    const here: Mounted<N> = MOUNTS[name](wiring);
    mounted[name] = here.offers;
    life.add(here.part);
    return inProcessUpstream(name, here.app, wiring.dbReady);
  }

  // In catalog order: a service is mounted after every service it calls.
  const upstreams = Object.fromEntries(
    SERVICES.map((row) => [row.name, upstreamOf(row)]),
  ) as Record<ServiceName, Upstream>;
  // Last, so that it is ready before anything runs and closed first: its close waits for the
  // job in hand (a mail being sent) before the services and the mailer's transport go.
  life.add({ start: () => jobs.ready(), stop: () => jobs.close() });

  const app = createGateway({
    log,
    upstreams,
    readiness: config.REDIS_URL ? { queue: () => jobs.ready() } : {},
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    ...frontEnds(config),
  });
  return { app, start: life.start, stop: life.stop };
}

/**
 * `SERVICE_TOKEN_SECRET` when set. Without it, a random key for this process when every service
 * is mounted here (their calls are function calls; `/internal/*` is never routed), and a refusal
 * to start when one runs elsewhere: its tokens could not match.
 */
function embeddedServiceKey(config: EmbeddedConfig): ServiceKey {
  if (config.SERVICE_TOKEN_SECRET) return config.SERVICE_TOKEN_SECRET;
  const elsewhere = SERVICES.filter((row) => config[row.urlVar]).map((row) => row.urlVar);
  if (elsewhere.length > 0)
    throw new Error(
      `Invalid configuration: SERVICE_TOKEN_SECRET: required when a service runs elsewhere (${elsewhere.join(', ')} set)`,
    );
  return randomServiceKey();
}
