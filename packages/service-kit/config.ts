import { z } from 'zod';

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
 * The settings every service shares. `JWT_SECRET` may be missing only outside production,
 * where a random per-process secret is made up (tokens then die with the process).
 */
export const commonConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: optionalEnv(urlEnv(['mysql', 'mysql2'])),
    REDIS_URL: optionalEnv(urlEnv(['redis', 'rediss'])),
    JWT_SECRET: optionalEnv(z.string()),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** How long a process keeps serving after SIGTERM before it stops accepting. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  })
  .superRefine((env, ctx) => {
    const bytes = env.JWT_SECRET ? Buffer.byteLength(env.JWT_SECRET) : 0;
    if (env.NODE_ENV === 'production' && bytes < MIN_SECRET_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: `must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production`,
      });
    }
  });
export type CommonConfig = z.output<typeof commonConfig>;

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
    z.intersection(
      commonConfig,
      z.object({
        PORT: z.coerce.number().int().min(0).max(65_535).default(defaultPort),
        HOST: z.string().min(1).default('127.0.0.1'),
        QUEUE_PREFIX: z.string().min(1).default('dayframe'),
        ...extra,
      }),
    ),
    env,
  );
}
