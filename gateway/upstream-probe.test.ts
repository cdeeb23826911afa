import { createServer, type ServerResponse } from 'node:http';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '@dayframe/test-kit';
import { probeReplica, PROBE_BUDGET_MS, SLOW_GRACE_MS } from './upstream-probe.ts';

// A stand-in replica whose `/readyz` answers 200, answers 503, or holds its answer (slow), as
// the test says. Held answers are released when the file ends.
describe("the gateway's readiness probe of a replica", () => {
  let answer: 'ready' | 'not ready' | 'slow' = 'ready';
  const held: ServerResponse[] = [];
  let replica: { url: string; close(): void };
  let pool: Pool;

  beforeAll(async () => {
    replica = await listenOnFreePort(
      createServer((_req, res) => {
        if (answer === 'slow') return void held.push(res);
        res.statusCode = answer === 'ready' ? 200 : 503;
        res.end('{}');
      }),
    );
    pool = new Pool(replica.url);
  });
  afterAll(async () => {
    for (const res of held) res.end('{}');
    await pool.close();
    replica.close();
  });

  it('counts a replica ready when its /readyz answers 200, and remembers when', async () => {
    answer = 'ready';
    const state = { readyAt: 0 };
    await probeReplica('journals', pool, state);
    expect(Date.now() - state.readyAt).toBeLessThan(5_000);
  });

  it('counts a slow answer as ready shortly after a good one, without waiting for it', async () => {
    const state = { readyAt: 0 };
    answer = 'ready';
    await probeReplica('journals', pool, state);
    answer = 'slow';
    const started = Date.now();
    await expect(probeReplica('journals', pool, state)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(PROBE_BUDGET_MS + 2_000);
  });

  it('does not count a slow answer as ready when the last good one is older than the grace', async () => {
    answer = 'slow';
    const state = { readyAt: Date.now() - SLOW_GRACE_MS - 1 };
    await expect(probeReplica('journals', pool, state)).rejects.toThrow('journals not ready');
  });

  it('does not count a replica that has never answered as ready', async () => {
    answer = 'slow';
    await expect(probeReplica('journals', pool, { readyAt: 0 })).rejects.toThrow(
      'journals not ready',
    );
  });

  it('counts a 503 at once, however recent the last good answer', async () => {
    const state = { readyAt: 0 };
    answer = 'ready';
    await probeReplica('goals', pool, state);
    answer = 'not ready';
    await expect(probeReplica('goals', pool, state)).rejects.toThrow('goals not ready');
  });

  it('counts a replica that refuses the connection at once', async () => {
    const closed = new Pool('http://127.0.0.1:1');
    try {
      await expect(probeReplica('goals', closed, { readyAt: Date.now() })).rejects.toThrow(
        'goals not ready',
      );
    } finally {
      await closed.close();
    }
  });
});
