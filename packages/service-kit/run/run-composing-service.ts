import type Koa from 'koa';
import { callsOf, service as catalogRow, type ServiceName } from '@dayframe/catalog';
import { serviceConfig, urlEnv } from '../http/config.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { remoteSessionCheck } from '../tokens/session-check.ts';
import type { SessionCheck } from '../tokens/authenticate.ts';
import { createTokenVerifier, resolveVerifyingKey, type Tokens } from '../tokens/tokens.ts';
import {
  requireServiceKey,
  serviceCaller,
  serviceTokenSettings,
  type ServiceKey,
} from '../tokens/service-tokens.ts';
import { serveService } from './serve-service.ts';

export type ComposingServiceDeps = {
  /** The base URL of each service it calls (catalog `calls`), by that service's name. */
  urls: Partial<Record<ServiceName, string>>;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: its `/internal/*` check and its calls' tokens. */
  serviceKey: ServiceKey;
  log: Logger;
};
/** A service that keeps no data: it composes what the services it calls answer. */
export type ComposingService = { app: Koa; close(): Promise<void> };

/**
 * Runs a service that keeps no data of its own but composes other services' (calendar,
 * archive) in its own process: config from the environment (`PORT`, defaulting to the
 * catalog's, `HOST`, `JWT_PUBLIC_KEY`, `SERVICE_TOKEN_SECRET`, and the `*_URL` of every service its catalog row calls,
 * identity's for sessions among them), and a graceful shutdown that closes its connections. No
 * database, no migrations, no account-data subscription.
 */
export async function runComposingService(options: {
  name: ServiceName;
  create(deps: ComposingServiceDeps): ComposingService;
}): Promise<void> {
  const { name } = options;
  const callees = callsOf(name);
  const httpUrl = urlEnv(['http', 'https']);
  const config = serviceConfig(catalogRow(name).port, {
    IDENTITY_URL: httpUrl,
    ...serviceTokenSettings,
    ...Object.fromEntries(callees.map((callee) => [callee.urlVar, httpUrl])),
  });
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const callee of callees) {
    urls[callee.name] = (config as unknown as Record<string, string>)[callee.urlVar];
  }
  const log = createLogger(name, config.LOG_LEVEL);
  const serviceKey = requireServiceKey(config);
  const checkSession = remoteSessionCheck(config.IDENTITY_URL, serviceCaller(serviceKey, name));
  const composing = options.create({
    urls,
    tokens: createTokenVerifier(resolveVerifyingKey(config)),
    checkSession,
    serviceKey,
    log,
  });
  await serveService(name, composing.app, config, log, async () => {
    await composing.close();
    await checkSession.close();
  });
}
