import { recordFault } from '@dayframe/test-kit';
import type { ApiClient } from '@dayframe/test-kit';

export type Sample = {
  at: number;
  ms: number;
  status: number;
  kind: 'read' | 'write';
  id?: string;
};

/**
 * A steady stream of reads and journal writes from one user, one request at a time every
 * `intervalMs`, until stopped. Every answer is kept, so a test can say what was acknowledged.
 */
export function steadyLoad(
  api: ApiClient,
  token: string,
  options: { intervalMs?: number; tag?: string } = {},
) {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;
  const loop = (async () => {
    while (running) {
      const kind: Sample['kind'] = n % 2 === 0 ? 'read' : 'write';
      const started = performance.now();
      const at = Date.now();
      try {
        const res =
          kind === 'read'
            ? await api.call('GET', '/api/journals', { token })
            : await api.call('POST', '/api/journals', {
                token,
                body: { title: `${options.tag ?? 'load'}-${n}` },
              });
        samples.push({
          at,
          ms: performance.now() - started,
          status: res.status,
          kind,
          id: kind === 'write' && res.status === 201 ? res.body._id : undefined,
        });
      } catch {
        samples.push({ at, ms: performance.now() - started, status: 0, kind });
      }
      n += 1;
      await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      return samples;
    },
    /** Ids of every write that got a 2xx. */
    acknowledged: () => samples.filter((s) => s.id).map((s) => s.id!),
  };
}

export type Tally = { requests: number; writesAcknowledged: number; writesFound: number };

/** Runs one fault scenario and records it for the run's summary, survived or not. */
export async function injectFault(
  fault: string,
  scenario: (tally: Tally) => Promise<void>,
): Promise<void> {
  const tally: Tally = { requests: 0, writesAcknowledged: 0, writesFound: 0 };
  let survived = false;
  try {
    await scenario(tally);
    survived = true;
  } finally {
    recordFault({ fault, survived, ...tally });
  }
}
