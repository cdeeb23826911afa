/**
 * The gateway: routes `/api` to the services (in-process or by URL), sets request ids and
 * security headers, limits bodies, answers health checks and, in the embedded topology,
 * serves the built shell and remotes.
 *
 * @example
 * const gateway = composeGateway(gatewayConfig(), createLogger('gateway'));
 * await gateway.start();
 * await serve(gateway.app.callback(), { port: 8080, log });
 */
export { composeGateway, type Composed } from './compose.ts';
export { createGateway, BODY_LIMIT_BYTES, type GatewayOptions } from './gateway-app.ts';
export { gatewayConfig, type GatewayConfig } from './config.ts';
export { inProcessUpstream, proxyUpstream, type Upstream } from './upstream.ts';
