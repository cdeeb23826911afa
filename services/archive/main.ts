// The archive service in its own process (distributed topology). Settings: `PORT`, `HOST`,
// `JWT_PUBLIC_KEY`, `IDENTITY_URL` (sessions), `JOURNALS_URL` and `GOALS_URL` (its sources). It has
// no database: it asks journals and goals for their parts over HTTP.
import {
  createLogger,
  createTokenVerifier,
  remoteSessionCheck,
  resolveVerifyingKey,
  serve,
  serviceConfig,
  urlEnv,
} from '@dayframe/service-kit';
import { createArchive, httpSources } from './mod.ts';

const httpUrl = urlEnv(['http', 'https']);
const config = serviceConfig(3005, {
  IDENTITY_URL: httpUrl,
  JOURNALS_URL: httpUrl,
  GOALS_URL: httpUrl,
});
const log = createLogger('archive', config.LOG_LEVEL);
const checkSession = remoteSessionCheck(config.IDENTITY_URL);
const archive = createArchive({
  sources: httpSources({ journalsUrl: config.JOURNALS_URL, goalsUrl: config.GOALS_URL }),
  tokens: createTokenVerifier(resolveVerifyingKey(config)),
  checkSession,
  log,
});
const running = await serve(archive.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await archive.close();
    await checkSession.close();
  },
});
log.info({ port: running.port }, 'archive listening');
