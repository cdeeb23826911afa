import { z } from 'zod';
import { commonConfig, parseConfig, urlEnv } from '@dayframe/service-kit';

/** What the calendar service reads from the environment when it runs in its own process. */
export function calendarConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseConfig(
    z.intersection(
      commonConfig,
      z.object({
        PORT: z.coerce.number().int().min(0).max(65_535).default(3004),
        // Loopback unless told otherwise; a container sets HOST=0.0.0.0.
        HOST: z.string().min(1).default('127.0.0.1'),
        // Sessions are confirmed by the identity service over HTTP.
        IDENTITY_URL: urlEnv(['http', 'https']),
      }),
    ),
    env,
  );
}
