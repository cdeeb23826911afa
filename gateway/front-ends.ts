import { join } from 'node:path';
import { REMOTES } from '@dayframe/contracts';
import type { GatewayOptions } from './gateway-app.ts';
import { remotesSource } from './remotes-manifest.ts';

/** `gatewaySettings` as parsed, with or without the services' settings beside them. */
type FrontEndSettings = {
  REMOTES_FILE?: string | undefined;
  WEB_ROOT: string;
  NODE_ENV: string;
  SERVE_SOURCE_MAPS: boolean;
};

/**
 * What the gateway tells the shell about the front ends: `/remotes.json` (from `REMOTES_FILE`
 * and the `MFE_*_URL`s), the origins the CSP must allow, and the builds under `WEB_ROOT` it
 * serves itself (the shell at `/`, each remote under `/remotes/<dir>/`; their source maps not in
 * production unless `SERVE_SOURCE_MAPS=true`).
 */
export function frontEnds(
  config: FrontEndSettings,
): Pick<GatewayOptions, 'remotes' | 'remoteOrigins' | 'site'> {
  // The remotes' `MFE_*_URL`s are read by name from the parsed settings.
  const env = config as unknown as Partial<Record<string, string>>;
  const remotes = remotesSource(env, config.REMOTES_FILE, {
    production: config.NODE_ENV === 'production',
  });
  return {
    remotes: remotes.manifest,
    remoteOrigins: remotes.origins,
    site: {
      shellDir: join(config.WEB_ROOT, 'shell', 'dist'),
      // In production only when SERVE_SOURCE_MAPS=true; always in development.
      sourceMaps: config.NODE_ENV !== 'production' || config.SERVE_SOURCE_MAPS,
      mounts: REMOTES.map((r) => ({
        prefix: `/remotes/${r.dir}/`,
        dir: join(config.WEB_ROOT, r.dir, 'dist'),
      })),
    },
  };
}
