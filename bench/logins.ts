/**
 * Figure 3: logins don't stall the app. 20 logins kept in flight at once (bcrypt cost 12) while
 * figure 1's load runs against the embedded gateway; compared, in the same rounds, with that load
 * alone. Event-loop delay is read inside the gateway process by bench/loop-delay-probe.ts.
 *
 * Each login worker signs in its own account (the per-account limit is reset by a success) from
 * its own loopback address per round (the per-address limit is 30 a minute).
 */
import { call, expectStatus, loopbackAddress, PASSWORD } from './_http.ts';
import type { LoadResult } from './_load.ts';
import type { Probed } from './_processes.ts';
import type { LoopDelay } from './loop-delay-probe.ts';
import { loadTarget, type LoadSettings, type Target } from './api-throughput.ts';
import { median, percentile } from './_stats.ts';
import { ms, times, type Row } from './_table.ts';

export const LOGIN_WORKERS = 20;

export type LoginRuns = {
  solo: { load: LoadResult; loop: LoopDelay }[];
  withLogins: { load: LoadResult; loop: LoopDelay; logins: number[]; failures: number }[];
};

/** The accounts the login workers use (not verified: logging in does not need it). */
export async function createLoginAccounts(baseUrl: string, prefix: string): Promise<string[]> {
  const emails = Array.from(
    { length: LOGIN_WORKERS },
    (_, i) => `${prefix}-login-${i}@example.com`,
  );
  for (const email of emails) {
    await expectStatus(
      call(baseUrl, 'POST', '/api/auth/signup', {
        body: { name: 'Login', email, password: PASSWORD },
      }),
      201,
      `sign-up ${email}`,
    );
  }
  return emails;
}

async function loginStorm(
  baseUrl: string,
  emails: string[],
  group: number,
  until: Promise<unknown>,
) {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  let failures = 0;
  await Promise.all(
    emails.map(async (email, n) => {
      const from = loopbackAddress(group, n);
      while (!done) {
        const reply = await call(baseUrl, 'POST', '/api/auth/login', {
          body: { email, password: PASSWORD },
          from,
        });
        if (reply.status === 200) times.push(reply.ms);
        else {
          failures++;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
  return { logins: times, failures };
}

export async function loginsUnderLoad(
  target: Target,
  gateway: Probed,
  emails: string[],
  settings: LoadSettings,
  log: (line: string) => void = console.log,
): Promise<LoginRuns> {
  const runs: LoginRuns = { solo: [], withLogins: [] };
  // One login per account first, alone: a running server has long compiled its login path, so
  // the first measured round should not pay for that.
  const base = target.url.replace(/\/api\/.*$/, '');
  for (const [n, email] of emails.entries()) {
    await expectStatus(
      call(base, 'POST', '/api/auth/login', {
        body: { email, password: PASSWORD },
        from: loopbackAddress(9, n),
      }),
      200,
      `warm-up login ${email}`,
    );
  }
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? ['solo', 'logins'] : ['logins', 'solo'];
    for (const kind of order) {
      await gateway.resetLoopDelay();
      if (kind === 'solo') {
        const result = await loadTarget(target, settings);
        const loop = await gateway.loopDelay();
        runs.solo.push({ load: result, loop });
        log(
          `  round ${round + 1} API alone        p99 ${ms(result.p99)}  loop p99 ${ms(loop.p99)}`,
        );
      } else {
        const loading = loadTarget(target, settings);
        const [result, storm] = await Promise.all([
          loading,
          loginStorm(base, emails, 10 + round, loading),
        ]);
        const loop = await gateway.loopDelay();
        runs.withLogins.push({ load: result, loop, ...storm });
        log(
          `  round ${round + 1} API + ${LOGIN_WORKERS} logins  p99 ${ms(result.p99)}  loop p99 ${ms(loop.p99)}  ${storm.logins.length} logins (median ${ms(median(storm.logins))}), ${storm.failures} refused`,
        );
      }
    }
  }
  return runs;
}

export function loginRows(runs: LoginRuns): Row[] {
  const solo = median(runs.solo.map((r) => r.load.p99));
  const loaded = median(runs.withLogins.map((r) => r.load.p99));
  const ratio = median(runs.withLogins.map((r, i) => r.load.p99 / runs.solo[i]!.load.p99));
  const loopLoaded = runs.withLogins.map((r) => r.loop.p99);
  const loopSolo = runs.solo.map((r) => r.loop.p99);
  const worstLoop = Math.max(...loopLoaded, ...loopSolo);
  const logins = runs.withLogins.flatMap((r) => r.logins);
  const failures = runs.withLogins.reduce((n, r) => n + r.failures, 0);
  return [
    {
      figure: '3',
      measure: 'API p99 alone → with 20 concurrent logins',
      value: `${ms(solo)} → ${ms(loaded)}`,
      goal: '',
      met: null,
    },
    {
      figure: '3',
      measure: 'API p99 with logins ÷ alone',
      value: times(ratio),
      goal: '≤ 2×',
      met: ratio <= 2,
    },
    {
      figure: '3',
      measure: 'gateway event-loop delay p99 (alone / with logins)',
      value: `${ms(median(loopSolo))} / ${ms(median(loopLoaded))} (worst round ${ms(worstLoop)})`,
      goal: '< 20 ms',
      met: median(loopLoaded) < 20 && median(loopSolo) < 20,
    },
    {
      figure: '3',
      measure: 'logins during the load (bcrypt 12)',
      value: `${logins.length} ok, ${failures} refused; median ${ms(median(logins))}, p95 ${ms(percentile(logins, 95))}`,
      goal: 'informative',
      met: null,
    },
  ];
}
