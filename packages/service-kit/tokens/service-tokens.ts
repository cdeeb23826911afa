import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { internalCallers } from '@dayframe/catalog';
import { forbidden, unauthorized } from '../http/errors.ts';
import { isPlaceholder, optionalEnv } from '../http/config.ts';

/**
 * Service tokens: what one service shows another on its `/internal/*` endpoints, beside (never
 * instead of) the user's bearer token. A short-lived HS256 JWT: `iss` the calling service's
 * catalog name, `aud` the service called, `exp` a minute after `iat`. The callee lets a call
 * through only when its catalog row lists the issuer among the callers of that method and path
 * (docs/decisions/0043-service-tokens.md).
 */

/** The header a service token travels in; `Authorization` keeps the user's token. */
export const SERVICE_TOKEN_HEADER = 'x-service-token';
/** How long a service token is good for. */
export const SERVICE_TOKEN_TTL_SECONDS = 60;
/** A token is minted again this long before it expires, so none arrives stale. */
const REMINT_BEFORE_SECONDS = 15;
/** The most a token may claim to live: one minted with a longer `exp` is refused all the same. */
const MAX_TOKEN_LIFE_SECONDS = 2 * SERVICE_TOKEN_TTL_SECONDS;
/** Pinned: HMAC with the deployment's secret, nothing else (not `none`, not RS256). */
const SERVICE_TOKEN_ALGORITHM = 'HS256';
const MIN_SECRET_BYTES = 32;

/** The deployment's service-token key: an HMAC secret every service signs and checks with. */
export type ServiceKey = KeyObject;

/** A fresh key for one process (the embedded app, where every service shares the process). */
export function randomServiceKey(): ServiceKey {
  return createSecretKey(randomBytes(MIN_SECRET_BYTES));
}

/** A secret as hex text, for a launcher to hand to each process it starts. */
export function newServiceTokenSecret(): string {
  return randomBytes(MIN_SECRET_BYTES).toString('hex');
}

/**
 * `SERVICE_TOKEN_SECRET`: at least 32 bytes and not the `.env.example` placeholder, in every
 * environment (a short secret would be guessed offline from one token). Parsed once into a key
 * object (verifying with a string secret is ~50× slower).
 */
export const serviceTokenSettings = {
  SERVICE_TOKEN_SECRET: optionalEnv(
    z.string().transform((value, ctx) => {
      if (isPlaceholder(value)) {
        ctx.addIssue({ code: 'custom', message: 'is the .env.example placeholder; set a secret' });
        return z.NEVER;
      }
      if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
        ctx.addIssue({ code: 'custom', message: `must be at least ${MIN_SECRET_BYTES} bytes` });
        return z.NEVER;
      }
      return createSecretKey(Buffer.from(value));
    }),
  ),
};

/**
 * The key of a service in its own process: `SERVICE_TOKEN_SECRET` is required, whatever
 * `NODE_ENV`, because a key of its own would match no other process.
 */
export function requireServiceKey(config: { SERVICE_TOKEN_SECRET?: ServiceKey }): ServiceKey {
  if (!config.SERVICE_TOKEN_SECRET)
    throw new Error(
      'Invalid configuration: SERVICE_TOKEN_SECRET: required for a service in its own process (the same secret for every service of the deployment)',
    );
  return config.SERVICE_TOKEN_SECRET;
}

/** How a service introduces itself to the services it calls. */
export type ServiceCaller = {
  /** Its catalog name (`iss`). */
  readonly name: string;
  /** A token for a call to `audience`, good for at least 15 more seconds. */
  tokenFor(audience: string): string;
};

/**
 * The caller `name` with `key`: a token per audience, minted once and reused until shortly
 * before it expires (signing is cheap, but the calendar asks on every page view).
 */
export function serviceCaller(
  key: ServiceKey,
  name: string,
  now: () => number = Date.now,
): ServiceCaller {
  const minted = new Map<string, { token: string; exp: number }>();
  return {
    name,
    tokenFor(audience) {
      const seconds = Math.floor(now() / 1000);
      const kept = minted.get(audience);
      if (kept && kept.exp - seconds > REMINT_BEFORE_SECONDS) return kept.token;
      const exp = seconds + SERVICE_TOKEN_TTL_SECONDS;
      const token = jwt.sign({ iat: seconds, exp }, key, {
        algorithm: SERVICE_TOKEN_ALGORITHM,
        issuer: name,
        audience,
      });
      minted.set(audience, { token, exp });
      return token;
    },
  };
}

const claimsShape = z.object({ iss: z.string(), iat: z.number(), exp: z.number() });

/**
 * The one check on every service's `/internal/*` (mounted by `createServiceApp`): a call needs a
 * service token signed with `key`, for this service (`aud`), unexpired and at most two minutes
 * long-lived, from a service the catalog lists among the callers of that method and path.
 * 401 `service_token_required` / `service_token_invalid` without a good token; 403
 * `service_not_allowed` when the caller is not one the catalog allows (an endpoint the catalog
 * does not list allows nobody).
 */
export function requireServiceToken(
  key: ServiceKey,
  service: string,
  now: () => number = Date.now,
) {
  return async function serviceTokenMiddleware(ctx: Context, next: Next) {
    const path = routedPath(ctx.path);
    if (path !== '/internal' && !path.startsWith('/internal/')) return next();
    const token = ctx.get(SERVICE_TOKEN_HEADER);
    if (!token)
      throw unauthorized('This endpoint is for Dayframe services.', 'service_token_required');
    const seconds = Math.floor(now() / 1000);
    let claims: z.infer<typeof claimsShape>;
    try {
      claims = claimsShape.parse(
        jwt.verify(token, key, {
          algorithms: [SERVICE_TOKEN_ALGORITHM],
          audience: service,
          clockTimestamp: seconds,
        }),
      );
    } catch {
      throw unauthorized('This endpoint is for Dayframe services.', 'service_token_invalid');
    }
    if (claims.exp - claims.iat > MAX_TOKEN_LIFE_SECONDS || claims.iat > seconds + 5)
      throw unauthorized('This endpoint is for Dayframe services.', 'service_token_invalid');
    if (!internalCallers(service, ctx.method, path).includes(claims.iss))
      throw forbidden(`${claims.iss} may not call ${ctx.method} ${path}.`, 'service_not_allowed');
    await next();
  };
}

/**
 * The path as the router may match it: the router ignores case and decodes `%xx`, so
 * `/INTERNAL/session` and `/%69nternal/session` reach `/internal/session`; repeated slashes are
 * folded too. A path that does not decode is taken as written (the router matches nothing then).
 */
function routedPath(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // left as written
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}
