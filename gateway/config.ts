import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { optionalEnv, serviceConfig, urlEnv } from '@dayframe/service-kit/http';
import { GATEWAY, SERVICES, type ServiceUrlVar } from '@dayframe/catalog';
import { refuseInsecureRemotes } from './remote-url-policy.ts';
import { parseTrustProxy, type TrustProxy } from './trusted-proxies.ts';

const httpUrl = urlEnv(['http', 'https']);

/** The repository root (or `/app` in an image), from the sources or from the compiled `dist/`. */
const APP_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../..' : '..', import.meta.url),
);

/**
 * The settings of the gateway itself, whatever runs behind it: where the remotes are, who may
 * call the API cross-origin, whether a proxy stands in front. The embedded composition
 * (`@dayframe/embedded`) extends these with the settings of the services it mounts.
 */
export const gatewaySettings = {
  MFE_JOURNALS_URL: optionalEnv(httpUrl),
  MFE_GOALS_URL: optionalEnv(httpUrl),
  MFE_CALENDAR_URL: optionalEnv(httpUrl),
  MFE_ACCOUNT_URL: optionalEnv(httpUrl),
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
  /**
   * Whose `X-Forwarded-*` to believe: `false`, `true` (any peer), or the proxy's own addresses
   * and CIDRs, comma-separated (X-Forwarded-For from any other peer is ignored).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Serve the builds' `.map` files in production too (they are always served otherwise). */
  SERVE_SOURCE_MAPS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where the built front ends are; the repository root by default. */
  WEB_ROOT: z.string().default(APP_ROOT),
};

/** One URL, or several comma-separated (one per replica: the gateway balances and fails over). */
const httpUrlList = z.string().refine(
  (value) => {
    const urls = value.split(',').map((url) => url.trim());
    return urls.every((url) => httpUrl.safeParse(url).success);
  },
  { message: 'must be one http(s) URL or several, comma-separated' },
);

/** A service's base URL, by its catalog `*_URL`: required by the proxy-only gateway, optional in the embedded app. */
export const serviceUrls = Object.fromEntries(
  SERVICES.map((row) => [row.urlVar, httpUrlList]),
) as Record<ServiceUrlVar, typeof httpUrlList>;

/**
 * Everything the proxy-only gateway reads from the environment (README.md, "Configuration"), parsed
 * once. Every service is reached by URL, so every `*_URL` is required.
 */
export function gatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return refuseInsecureRemotes(
    serviceConfig(GATEWAY.port, { ...gatewaySettings, ...serviceUrls }, env),
  );
}
export type GatewayConfig = ReturnType<typeof gatewayConfig>;
