import type { Pool } from 'undici';

/** How long the gateway waits for a replica's `/readyz` before calling the answer slow. */
export const PROBE_BUDGET_MS = 1_000;

/**
 * How long after a good answer a merely slow one still counts as ready. A replica busy with a
 * large upload on a loaded machine may take more than the budget to answer; taking it out of
 * rotation for that would turn load into an outage. A refusal or a 503 counts at once.
 */
export const SLOW_GRACE_MS = 10_000;

/** One replica's readiness, remembered between probes. */
export type ProbeState = { readyAt: number };

/** Resolves when the replica is ready (or only slow, shortly after being ready); else throws. */
export async function probeReplica(name: string, pool: Pool, state: ProbeState): Promise<void> {
  const answer = pool
    .request({ path: '/readyz', method: 'GET', headersTimeout: 5_000 })
    .then(async (response) => {
      await response.body.dump();
      return response.statusCode === 200 ? ('ready' as const) : ('not ready' as const);
    })
    .catch(() => 'not ready' as const);
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), PROBE_BUDGET_MS);
  });
  const outcome = await Promise.race([answer, slow]).finally(() => clearTimeout(timer));
  if (outcome === 'ready') {
    state.readyAt = Date.now();
    return;
  }
  if (outcome === 'slow' && Date.now() - state.readyAt < SLOW_GRACE_MS) return;
  throw new Error(`${name} not ready`);
}
