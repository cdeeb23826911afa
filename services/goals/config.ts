import { serviceConfig, urlEnv } from '@dayframe/service-kit';

/** The goals service in its own process; sessions are confirmed by identity over HTTP. */
export function goalsConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(3003, { IDENTITY_URL: urlEnv(['http', 'https']) }, env);
}
