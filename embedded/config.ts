import { GATEWAY } from '@dayframe/catalog';
import { z } from 'zod';
import { optionalEnv, serviceConfig, urlEnv } from '@dayframe/service-kit/http';
import { sweepConfig } from '@dayframe/service-kit/events';
import { gatewaySettings, refuseInsecureRemotes, serviceUrls } from '@dayframe/gateway';
import { identitySettings } from '@dayframe/identity';
import { mediaSettings } from '@dayframe/media';
import { remindersSettings } from '@dayframe/reminders';
import { serviceTokenSettings } from '@dayframe/service-kit/tokens';

const optionalUrls = Object.fromEntries(
  Object.entries(serviceUrls).map(([name, schema]) => [name, optionalEnv(schema)]),
) as { [K in keyof typeof serviceUrls]: ReturnType<typeof optionalEnv<(typeof serviceUrls)[K]>> };

/**
 * Everything `npm start` reads from the environment (README.md, "Configuration"), parsed once: the
 * gateway's settings, and those of the services it mounts. A service whose `*_URL` is set is
 * proxied instead of mounted.
 */
export function embeddedConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = serviceConfig(
    GATEWAY.port,
    {
      ...gatewaySettings,
      ...optionalUrls,
      SMTP_URL: optionalEnv(urlEnv(['smtp', 'smtps'])),
      MAIL_FROM: optionalEnv(z.string().min(3)),
      /** Identity's, the signing key among them: read only when identity runs here. */
      ...identitySettings,
      /** The media service's link key and storage: read only when it runs here. */
      ...mediaSettings,
      /** Where reminders link to: read only when reminders runs here. */
      ...remindersSettings,
      /** Only needed when a service runs elsewhere (a `*_URL` set): see `embeddedServiceKey`. */
      ...serviceTokenSettings,
      ...sweepConfig,
    },
    env,
  );
  return refuseInsecureRemotes(config);
}
export type EmbeddedConfig = ReturnType<typeof embeddedConfig>;
