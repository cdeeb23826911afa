/**
 * The gateway: routes `/api` to the services (by URL, or handed a service mounted in the same
 * process by the embedded app), sets request ids and security headers, limits bodies, answers
 * health checks and serves the built shell and remotes it finds under `WEB_ROOT`. It depends
 * on no service: it routes by the service catalog (`@dayframe/catalog`), and `@dayframe/embedded`
 * composes it with the services for `npm start`.
 *
 * @example
 * const gateway = proxyGateway(gatewayConfig(), createLogger('gateway'));
 * await serve(gateway.app.callback(), { port: 8080, log });
 */
export { createGateway, BODY_LIMIT_BYTES, type GatewayOptions } from './gateway-app.ts';
export { gatewayConfig, gatewaySettings, serviceUrls, type GatewayConfig } from './config.ts';
export { inProcessUpstream, proxyUpstream, type Upstream } from './upstream.ts';
export { proxyGateway, gatewayTimeout, type ServableApp } from './proxy-gateway.ts';
export { frontEnds } from './front-ends.ts';
export { remotesSource } from './remotes-manifest.ts';
export { refuseInsecureRemotes, remoteUrlAllowed } from './remote-url-policy.ts';
