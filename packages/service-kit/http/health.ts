import Router from '@koa/router';

/** A named dependency probe; it throws (or times out) when the dependency is not usable. */
export type ReadinessChecks = Record<string, () => Promise<void>>;

const CHECK_TIMEOUT_MS = 1_500;

/**
 * `GET /healthz`: the process answers. `GET /readyz`: every dependency answers in time; a 503
 * names the ones that do not.
 */
export function healthRoutes(checks: ReadinessChecks): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const results = await runChecks(checks);
    const failing = Object.entries(results)
      .filter(([, result]) => result !== 'ok')
      .map(([name]) => name);
    ctx.set('Cache-Control', 'no-store');
    if (failing.length === 0) {
      ctx.body = { status: 'ready', checks: results };
    } else {
      ctx.status = 503;
      ctx.body = {
        message: `Not ready: ${failing.join(', ')} unavailable`,
        code: 'not_ready',
        checks: results,
      };
    }
  });
  return router;
}

export async function runChecks(
  checks: ReadinessChecks,
): Promise<Record<string, 'ok' | 'unavailable'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'unavailable'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
