import { serviceConfig, urlEnv } from '@dayframe/service-kit';

/** The journals service in its own process; sessions are confirmed by identity over HTTP. */
export function journalsConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(3002, { IDENTITY_URL: urlEnv(['http', 'https']) }, env);
}
