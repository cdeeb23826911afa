import type Koa from 'koa';
import { SERVICES, type ServiceName } from '@dayframe/catalog';
import type { Logger } from '@dayframe/service-kit/http';
import type { GatewayConfig } from './config.ts';
import { createGateway } from './gateway-app.ts';
import { frontEnds } from './front-ends.ts';
import { proxyUpstream, type Upstream } from './upstream.ts';

/** An app ready to serve: its Koa app, and what to do before listening and after closing. */
export type ServableApp = { app: Koa; start(): Promise<void>; stop(): Promise<void> };

/**
 * The distributed gateway: every service in the catalog is reached by its `*_URL`. It holds no
 * database, no job bus and no service code, so its image carries none of their dependencies.
 */
export function proxyGateway(config: GatewayConfig, log: Logger): ServableApp {
  const upstreams = Object.fromEntries(
    SERVICES.map((row) => [
      row.name,
      proxyUpstream(row.name, config[row.urlVar], log, { timeoutMs: gatewayTimeout(row) }),
    ]),
  ) as Record<ServiceName, Upstream>;
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

/** How long the gateway waits for the service in `row`: its own deadline, or a page call's. */
export function gatewayTimeout(row: (typeof SERVICES)[number]): number | undefined {
  return 'gatewayTimeoutMs' in row ? row.gatewayTimeoutMs : undefined;
}
