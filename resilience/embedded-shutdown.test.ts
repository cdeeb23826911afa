import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startProcess, tempDataDir, testTokenKeys } from '@dayframe/test-kit';
import { injectFault } from './_load.ts';

describe('SIGTERM to the embedded process under load', () => {
  const dir = tempDataDir();
  afterAll(() => dir.remove());
  let gateway: Awaited<ReturnType<typeof startProcess>>;
  let tokens: string[];
  beforeAll(async () => {
    // bcrypt cost 8: each login is real work on the libuv pool, yet a handful stays well inside
    // the time identity lets a login wait for its turn, even on a busy machine.
    gateway = await startProcess('embedded/main.ts', {
      DATA_DIR: dir.dir,
      BCRYPT_COST: '8',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
    });
    const api = apiClient(gateway.url);
    tokens = [];
    for (let i = 0; i < 8; i++) {
      const signup = await api.call('POST', '/api/auth/signup', {
        body: {
          name: `Load ${i}`,
          email: `load${i}@example.com`,
          password: 'correct horse battery',
        },
      });
      expect(signup.status).toBe(201);
      tokens.push(signup.body.token);
    }
  }, 60_000);

  it('finishes every in-flight request, then exits cleanly', () =>
    injectFault('SIGTERM to the embedded process', async (tally) => {
      const api = apiClient(gateway.url);
      // Eight logins (one per account) and twenty-four session checks in flight at once.
      const inFlight = [
        ...Array.from({ length: 8 }, (_, i) =>
          api.call('POST', '/api/auth/login', {
            body: { email: `load${i}@example.com`, password: 'correct horse battery' },
          }),
        ),
        ...Array.from({ length: 24 }, (_, i) =>
          api.call('GET', '/api/auth/verify', { token: tokens[i % 8] }),
        ),
      ];
      await new Promise((r) => setTimeout(r, 60));
      const exited = gateway.stop('SIGTERM');
      const results = await Promise.allSettled(inFlight);
      const statuses = results.map((r) =>
        r.status === 'fulfilled' ? r.value.status : String(r.reason),
      );
      expect(statuses).toEqual(Array(32).fill(200));
      expect(await exited).toBe(0);
      await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
      tally.requests = statuses.length;
    }));
});
