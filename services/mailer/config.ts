import { MAILER } from '@dayframe/catalog';
import { z } from 'zod';
import { optionalEnv, serviceConfig, urlEnv } from '@dayframe/service-kit/http';

/** The mailer worker; its port serves only health checks. */
export function mailerConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(
    MAILER.port,
    { SMTP_URL: optionalEnv(urlEnv(['smtp', 'smtps'])), MAIL_FROM: optionalEnv(z.string().min(3)) },
    env,
  );
}
export type MailerConfig = ReturnType<typeof mailerConfig>;
