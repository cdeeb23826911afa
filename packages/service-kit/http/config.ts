import { z } from 'zod';
import { parseTokenKey } from '../tokens/tokens.ts';

/**
 * Parses environment variables once, at start. A bad or missing value fails fast with a
 * message naming every variable at fault, so a misconfigured process never half-starts.
 */
export function parseConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  throw new Error(`Invalid configuration: ${problems.join('; ')}`);
}

/** An env var that is unset when empty, so `FOO=` behaves like no `FOO` at all. */
export function optionalEnv<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A URL-valued env var with one of the given protocols. */
export function urlEnv(protocols: string[]) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(':', ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );
}

const MIN_SECRET_BYTES = 32;

/**
 * The placeholders `.env.example` ships with all contain "change-me": a deployment that forgot
 * to replace one must not start (tested against `.env.example` itself).
 */
const PLACEHOLDER = /change[-_ ]?me/i;

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/**
 * A token key in PEM (see `parseTokenKey`), parsed here once into a key object. A placeholder
 * or anything else that is not an RSA key of 2048 bits or more is refused in every environment.
 */
export function tokenKeyEnv(kind: 'private' | 'public') {
  return optionalEnv(
    z.string().transform((value, ctx) => {
      if (isPlaceholder(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'is the .env.example placeholder; set a real key',
        });
        return z.NEVER;
      }
      try {
        return parseTokenKey(value, kind);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  );
}

/**
 * A secret string: in production it must not be a placeholder and must be `minBytes` long.
 * Outside production anything goes (tests and laptops).
 */
export function refuseWeakSecret(
  ctx: z.RefinementCtx,
  env: { NODE_ENV: string },
  name: string,
  value: string | undefined,
  minBytes = MIN_SECRET_BYTES,
) {
  if (env.NODE_ENV !== 'production' || value === undefined) return;
  if (isPlaceholder(value)) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: 'is the .env.example placeholder; set a real secret when NODE_ENV=production',
    });
  } else if (Buffer.byteLength(value) < minBytes) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `must be at least ${minBytes} bytes when NODE_ENV=production`,
    });
  }
}

/** Plain secret strings a process may read; each is checked by `refuseWeakSecret`. */
const SECRET_STRINGS = ['CODE_HMAC_SECRET'];

/** The password inside a `scheme://user:password@host` URL, if any. */
function urlPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(new URL(value).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The settings every service shares. Token keys: a verifier reads `JWT_PUBLIC_KEY`; only
 * identity (or the embedded process that hosts it) reads `JWT_PRIVATE_KEY` (`signingConfig`).
 * With neither key set, outside production, every process of one checkout uses one development
 * key pair, made once and kept in `DATA_DIR/jwt-private-key.pem` (`resolveSigningKey` in
 * tokens.ts); in production a missing key stops the process. Passwords inside `DATABASE_URL` and
 * `REDIS_URL` may not be placeholders in production.
 */
export const commonConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: optionalEnv(urlEnv(['mysql', 'mysql2'])),
    REDIS_URL: optionalEnv(urlEnv(['redis', 'rediss'])),
    JWT_PUBLIC_KEY: tokenKeyEnv('public'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** How long a process keeps serving after SIGTERM before it stops accepting. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  })
  .superRefine((env, ctx) => {
    for (const name of ['DATABASE_URL', 'REDIS_URL'] as const) {
      const password = urlPassword(env[name]);
      if (env.NODE_ENV === 'production' && password && isPlaceholder(password)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'carries the .env.example placeholder password; set a real one',
        });
      }
    }
  });

/**
 * A process's whole configuration: the common settings, where it listens (`PORT`, `HOST`;
 * loopback unless a container says `HOST=0.0.0.0`), its Redis key prefix, and its own `extra`.
 */
export function serviceConfig<T extends z.ZodRawShape>(
  defaultPort: number,
  extra: T,
  env: NodeJS.ProcessEnv = process.env,
) {
  return parseConfig(
    z
      .intersection(
        commonConfig,
        z.object({
          PORT: z.coerce.number().int().min(0).max(65_535).default(defaultPort),
          HOST: z.string().min(1).default('127.0.0.1'),
          QUEUE_PREFIX: z.string().min(1).default('dayframe'),
          ...extra,
        }),
      )
      .superRefine((parsed, ctx) => {
        const values = parsed as Record<string, unknown>;
        for (const name of SECRET_STRINGS) {
          const value = values[name];
          if (typeof value === 'string') refuseWeakSecret(ctx, parsed, name, value);
        }
      }),
    env,
  );
}

/**
 * What identity's process adds: the private key it signs tokens with, and the key verification
 * codes are hashed with (`CODE_HMAC_SECRET`; derived from the private key when unset).
 */
export const signingConfig = {
  JWT_PRIVATE_KEY: tokenKeyEnv('private'),
  CODE_HMAC_SECRET: optionalEnv(z.string()),
};
