import type Koa from 'koa';
import type { Logger } from '@dayframe/service-kit/http';
import type { GatewayConfig } from './config.ts';
import { createGateway } from './gateway-app.ts';
import { frontEnds } from './front-ends.ts';
import { ARCHIVE_TIMEOUT_MS, proxyUpstream, type Upstream } from './upstream.ts';
import type { ServiceName } from './routes.ts';

/** A gateway ready to serve: its Koa app, and what to do before listening and after closing. */
export type Composed = { app: Koa; start(): Promise<void>; stop(): Promise<void> };

/**
 * The distributed gateway: every service is reached by its URL. It holds no database, no job
 * bus and no service code, so its image carries none of their dependencies.
 */
export function proxyGateway(config: GatewayConfig, log: Logger): Composed {
  const upstreams: Record<ServiceName, Upstream> = {
    identity: proxyUpstream('identity', config.IDENTITY_URL, log),
    journals: proxyUpstream('journals', config.JOURNALS_URL, log),
    goals: proxyUpstream('goals', config.GOALS_URL, log),
    calendar: proxyUpstream('calendar', config.CALENDAR_URL, log),
    // A whole account goes through the archive: it may take longer than a page's call.
    archive: proxyUpstream('archive', config.ARCHIVE_URL, log, { timeoutMs: ARCHIVE_TIMEOUT_MS }),
  };
  const app = createGateway({
    log,
    upstreams,
    readiness: {},
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    ...frontEnds(config),
  });
  return {
    app,
    start: async () => undefined,
    async stop() {
      for (const upstream of Object.values(upstreams)) await upstream.close();
    },
  };
}
