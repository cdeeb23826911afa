import { serviceConfig, urlEnv } from '@dayframe/service-kit';

/** The calendar service in its own process; sessions are confirmed by identity over HTTP. */
export function calendarConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(3004, { IDENTITY_URL: urlEnv(['http', 'https']) }, env);
}
