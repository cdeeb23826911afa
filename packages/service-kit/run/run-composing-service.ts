import type Koa from 'koa';
import { serviceConfig, urlEnv } from '../http/config.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { serve } from '../http/serve.ts';
import { remoteSessionCheck } from '../tokens/session-check.ts';
import type { SessionCheck } from '../tokens/authenticate.ts';
import { createTokenVerifier, resolveVerifyingKey, type Tokens } from '../tokens/tokens.ts';

export type ComposingServiceDeps = {
  /** Where the owners of the data it composes answer (their `/internal/...` endpoints). */
  owners: { journalsUrl: string; goalsUrl: string };
  tokens: Tokens;
  checkSession: SessionCheck;
  log: Logger;
};
/** A service that keeps no data: it composes what journals and goals answer. */
export type ComposingService = { app: Koa; close(): Promise<void> };

/**
 * Runs a service that keeps no data of its own but composes the owners' (calendar, archive) in
 * its own process: config from the environment (`PORT`, `HOST`, `JWT_PUBLIC_KEY`,
 * `IDENTITY_URL` for sessions, `JOURNALS_URL` and `GOALS_URL` for the owners), sessions
 * confirmed by identity over HTTP, and a graceful shutdown that closes the service's own
 * connections to the owners. No database, no migrations, no account-data subscription.
 */
export async function runComposingService(options: {
  name: string;
  defaultPort: number;
  create(deps: ComposingServiceDeps): ComposingService;
}): Promise<void> {
  const httpUrl = urlEnv(['http', 'https']);
  const config = serviceConfig(options.defaultPort, {
    IDENTITY_URL: httpUrl,
    JOURNALS_URL: httpUrl,
    GOALS_URL: httpUrl,
  });
  const log = createLogger(options.name, config.LOG_LEVEL);
  const checkSession = remoteSessionCheck(config.IDENTITY_URL);
  const service = options.create({
    owners: { journalsUrl: config.JOURNALS_URL, goalsUrl: config.GOALS_URL },
    tokens: createTokenVerifier(resolveVerifyingKey(config)),
    checkSession,
    log,
  });
  const running = await serve(service.app.callback(), {
    port: config.PORT,
    host: config.HOST,
    graceMs: config.SHUTDOWN_GRACE_MS,
    log,
    async onStop() {
      await service.close();
      await checkSession.close();
    },
  });
  log.info({ port: running.port }, `${options.name} listening`);
}
