import { z } from 'zod';
import { optionalEnv, serviceConfig, urlEnv } from '@dayframe/service-kit';
import { bcryptCost } from '@dayframe/identity';

const httpUrl = optionalEnv(urlEnv(['http', 'https']));

/** Everything the gateway reads from the environment (ARCHITECTURE.md §3), parsed once. */
export function gatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(
    8080,
    {
      SMTP_URL: optionalEnv(urlEnv(['smtp', 'smtps'])),
      MAIL_FROM: optionalEnv(z.string().min(3)),
      BCRYPT_COST: bcryptCost,
      IDENTITY_URL: httpUrl,
      JOURNALS_URL: httpUrl,
      GOALS_URL: httpUrl,
      CALENDAR_URL: httpUrl,
      MFE_JOURNALS_URL: httpUrl,
      MFE_GOALS_URL: httpUrl,
      MFE_CALENDAR_URL: httpUrl,
      MFE_ACCOUNT_URL: httpUrl,
      /** A JSON file of remote name → manifest URL, re-read on change: switch a remote live. */
      REMOTES_FILE: optionalEnv(z.string().min(1)),
      /** Comma-separated origins allowed to call the API from another origin. */
      CORS_ORIGINS: z
        .string()
        .default('')
        .transform((value) =>
          value
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        ),
      TRUST_PROXY: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
      /** Where the built front ends are; the repository root by default. */
      WEB_ROOT: z.string().default(new URL('..', import.meta.url).pathname),
    },
    env,
  );
}
export type GatewayConfig = ReturnType<typeof gatewayConfig>;
