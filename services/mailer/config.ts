import { z } from 'zod';
import { commonConfig, optionalEnv, parseConfig, urlEnv } from '@dayframe/service-kit';

export function mailerConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseConfig(
    z.intersection(
      commonConfig,
      z.object({
        SMTP_URL: optionalEnv(urlEnv(['smtp', 'smtps'])),
        MAIL_FROM: optionalEnv(z.string().min(3)),
        QUEUE_PREFIX: z.string().default('dayframe'),
        PORT: z.coerce.number().int().min(0).max(65_535).default(3009),
      }),
    ),
    env,
  );
}
export type MailerConfig = ReturnType<typeof mailerConfig>;
