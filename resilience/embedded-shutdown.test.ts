import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startProcess, tempDataDir } from '@dayframe/test-kit';
import { injectFault } from './_load.ts';

describe('SIGTERM to the embedded process under load', () => {
  const dir = tempDataDir();
  afterAll(() => dir.remove());
  let gateway: Awaited<ReturnType<typeof startProcess>>;
  beforeAll(async () => {
    // bcrypt cost 10 makes each login take ~40 ms on the libuv pool: real in-flight work.
    gateway = await startProcess('gateway/main.ts', {
      DATA_DIR: dir.dir,
      BCRYPT_COST: '10',
      JWT_SECRET: 'shutdown-test-secret-that-is-long-enough-012345',
    });
    const api = apiClient(gateway.url);
    for (let i = 0; i < 8; i++) {
      const signup = await api.call('POST', '/api/auth/signup', {
        body: {
          name: `Load ${i}`,
          email: `load${i}@example.com`,
          password: 'correct horse battery',
        },
      });
      expect(signup.status).toBe(201);
    }
  }, 60_000);

  it('finishes every in-flight request, then exits cleanly', () =>
    injectFault('SIGTERM to the embedded process', async (tally) => {
      const api = apiClient(gateway.url);
      // Ten logins (bcrypt cost 10, one or two at a time) are in flight for well under the 2 s the
      // identity service lets a login wait, and stay under the per-account limit.
      const inFlight = Array.from({ length: 10 }, (_, i) =>
        api.call('POST', '/api/auth/login', {
          body: { email: `load${i % 8}@example.com`, password: 'correct horse battery' },
        }),
      );
      await new Promise((r) => setTimeout(r, 60));
      const exited = gateway.stop('SIGTERM');
      const results = await Promise.allSettled(inFlight);
      const statuses = results.map((r) =>
        r.status === 'fulfilled' ? r.value.status : String(r.reason),
      );
      expect(statuses).toEqual(Array(10).fill(200));
      expect(await exited).toBe(0);
      await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
      tally.requests = statuses.length;
    }));
});
