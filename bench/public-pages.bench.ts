/**
 * Figure 9 (issue 17): the prerendered public pages as a new visitor's Chromium gets them from
 * the embedded gateway serving the built shell (packages/e2e-kit's startApp).
 *
 * - JS of a first visit of `/`: every script response until the network is idle, weighed
 *   gzipped (level 6, as an outside probe would) and as the bytes that crossed the wire.
 * - Landing hero visible: a fresh browser context per load, navigation start to a visible `h1`
 *   with text (front-end.ts's timeUntil), 4× CPU throttling, median of N; the load average of
 *   the machine is printed beside it, since other work shares the cores.
 * - Repeat visit: `/` and `/login` loaded to network idle, then visited again in the same
 *   browser: requests the server answered 304, responses the cache gave without asking, and
 *   bytes downloaded again (all, and of hashed assets, which should be none).
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { isHashedAsset, recordNetwork, startApp, type Fetched } from '@dayframe/e2e-kit';
import { median } from './_stats.ts';
import { freshPage, timeUntil } from './front-end.ts';
import { kb, ms, type Row } from './_table.ts';

export type PublicPagesResult = {
  landingScripts: { url: string; gzip: number; wire: number }[];
  heroThrottled: number[];
  load: number[];
  repeat: Fetched[];
};

export async function publicPagesBench(
  options: { loads: number; throttle: number },
  log: (line: string) => void = console.log,
  /** The gateway's settings; `WEB_ROOT` measures another build (a before/after comparison). */
  env: Record<string, string> = {},
): Promise<PublicPagesResult> {
  const app = await startApp(env);
  try {
    // First visit of /: every script until network idle.
    let page = await freshPage(app);
    const network = await recordNetwork(page);
    const bodies = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.set(
        response.url(),
        response.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const landingScripts = await Promise.all(
      network
        .list()
        .filter((f) => f.type === 'Script')
        .map(async (f) => ({ url: f.url, wire: f.bytes, gzip: (await bodies.get(f.url)) ?? 0 })),
    );
    await page.context().close();

    // Hero visible at 4× CPU throttling.
    await timeUntil(await freshPage(app), '/', 'hero'); // warm the gateway's file cache
    const heroThrottled: number[] = [];
    const load: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      heroThrottled.push(
        await timeUntil(await freshPage(app, undefined, options.throttle), '/', 'hero'),
      );
      load.push(loadavg()[0]!);
    }
    log(
      `  landing hero, ${options.throttle}× CPU: ${heroThrottled.map((v) => v.toFixed(0)).join(', ')} ms (load ${load.map((v) => v.toFixed(1)).join(', ')})`,
    );

    // Repeat visit: the same browser (cache) comes back.
    page = await app.page();
    const repeatNetwork = await recordNetwork(page);
    const repeat: Fetched[] = [];
    for (const path of ['/', '/login']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const mark = repeatNetwork.mark();
      await page.goto('about:blank');
      await page.goto(path, { waitUntil: 'networkidle' });
      repeat.push(...repeatNetwork.list(mark));
    }
    await page.context().close();
    return { landingScripts, heroThrottled, load, repeat };
  } finally {
    await app.stop();
  }
}

export function publicPagesRows(r: PublicPagesResult, throttle: number, loads: number): Row[] {
  const gzip = r.landingScripts.reduce((n, s) => n + s.gzip, 0);
  const wire = r.landingScripts.reduce((n, s) => n + s.wire, 0);
  const hero = median(r.heroThrottled);
  const answered304 = r.repeat.filter((f) => f.status === 304).length;
  const fromCache = r.repeat.filter((f) => f.fromCache).length;
  const again = r.repeat.reduce((n, f) => n + f.bytes, 0);
  const hashedAgain = r.repeat.filter((f) => isHashedAsset(f.url)).reduce((n, f) => n + f.bytes, 0);
  return [
    {
      figure: '9',
      measure: `JS of a first visit of /, gzipped, until network idle (${r.landingScripts.length} files; ${kb(wire)} on the wire)`,
      value: kb(gzip),
      goal: '≤ 120 KB',
      met: gzip <= 120 * 1024,
    },
    {
      figure: '9',
      measure: `landing hero visible, ${throttle}× CPU throttling (median of ${loads}; load average ${median(r.load).toFixed(1)})`,
      value: ms(hero),
      goal: '≤ 0.6 s',
      met: hero <= 600,
    },
    {
      figure: '9',
      measure: `repeat visit of / and /login: requests answered 304 / from cache without asking (of ${r.repeat.length})`,
      value: `${answered304} / ${fromCache}`,
      goal: 'every response one or the other',
      met: answered304 + fromCache === r.repeat.length,
    },
    {
      figure: '9',
      measure: `repeat visit: bytes downloaded again (of them, hashed assets)`,
      value: `${kb(again)} (${kb(hashedAgain)})`,
      goal: 'no hashed asset again',
      met: hashedAgain === 0,
    },
  ];
}

/** Each script of the first visit, for the notes. */
export function publicPagesFiles(r: PublicPagesResult): string[] {
  return [
    `- first visit of /: ${r.landingScripts.map((s) => `\`${new URL(s.url).pathname}\` ${kb(s.gzip)} gzipped, ${kb(s.wire)} on the wire`).join(', ')}`,
  ];
}
