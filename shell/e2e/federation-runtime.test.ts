import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, appForSuite, startApp, type App } from '@dayframe/e2e-kit';
import { listenOnFreePort, REPO_ROOT } from '@dayframe/test-kit';

/** react-dom client's marker: a script holding it is a copy of React DOM. */
const REACT_DOM_MARKER = '__reactContainer$';

function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** Every script response of a page, with its body. */
function recordScripts(page: Page) {
  const bodies: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    bodies.push(
      response.text().then(
        (body) => ({ url: response.url(), body }),
        () => ({ url: response.url(), body: '' }),
      ),
    );
  });
  return () => Promise.all(bodies);
}

describe('one federation runtime and one React DOM for the shell and every remote', () => {
  const app = appForSuite();

  it('runs every remote on the shell’s runtime and React DOM', async () => {
    const { page } = await app.signedIn('Runtime', 'runtime@example.com');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/multiple module federation runtime/i.test(m.text())) warnings.push(m.text());
    });
    const scripts = recordScripts(page);
    await page.goto('/journals');
    await eventually(() => page.getByRole('heading', { name: 'My Journals' }).count()).toBe(1);
    for (const [label, heading] of [
      ['Goals', 'Goals'],
      ['Calendar', 'Calendar'],
      ['Settings', 'Settings'],
    ]) {
      await page.getByRole('link', { name: label, exact: true }).first().click();
      await eventually(() =>
        page.getByRole('heading', { name: heading, exact: true }).count(),
      ).toBe(1);
    }

    const federation = await page.evaluate(() => {
      const global = globalThis as unknown as {
        __FEDERATION__?: { __INSTANCES__?: { name: string; constructor: unknown }[] };
        _FEDERATION_RUNTIME_CORE_FROM?: { name: string };
      };
      const instances = global.__FEDERATION__?.__INSTANCES__ ?? [];
      return {
        names: instances.map((i) => i.name).sort(),
        // One runtime core: every container's instance is made by the same class.
        classes: new Set(instances.map((i) => i.constructor)).size,
        provider: global._FEDERATION_RUNTIME_CORE_FROM?.name,
      };
    });
    expect(federation.names).toEqual(
      ['mfe_account', 'mfe_calendar', 'mfe_goals', 'mfe_journals', 'shell'].sort(),
    );
    expect(federation.classes).toBe(1);
    expect(federation.provider).toBe('shell');
    expect(warnings).toEqual([]);

    const loaded = await scripts();
    const entries = loaded.filter((s) => s.url.endsWith('/remoteEntry.js'));
    expect(entries).toHaveLength(4);
    // The runtime core's plugin hooks live in the shell's main.js only.
    for (const entry of entries) expect(entry.body, entry.url).not.toContain('beforeRequest');
    const reactDoms = loaded.filter((s) => s.body.includes(REACT_DOM_MARKER));
    expect(reactDoms.map((s) => new URL(s.url).pathname)).toHaveLength(1);
    expect(new URL(reactDoms[0]!.url).pathname).not.toMatch(/^\/remotes\//);
  }, 90_000);

  it('asks for the first route’s remote while the session check is still running', async () => {
    const { page } = await app.signedIn('Early', 'early@example.com');
    // A slow session check (the real one, answered 1.5 s late) makes the order observable.
    await page.route('**/api/auth/verify', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const started = new Map<string, number>();
    let verifyDone = 0;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (!started.has(path)) started.set(path, Date.now());
    });
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/verify') verifyDone = Date.now();
    });
    await page.goto('/journals');
    await eventually(() => page.getByRole('heading', { name: 'My Journals' }).count()).toBe(1);

    expect(verifyDone).toBeGreaterThan(0);
    const first = [
      '/remotes.json',
      '/remotes/mfe-journals/mf-manifest.json',
      '/remotes/mfe-journals/remoteEntry.js',
    ];
    for (const path of first) {
      expect(started.get(path), path).toBeDefined();
      expect(started.get(path)!, path).toBeLessThan(verifyDone);
    }
    const routeChunk = [...started].find(([p]) =>
      /^\/remotes\/mfe-journals\/__federation_expose_routes\./.test(p),
    );
    expect(routeChunk?.[1]).toBeLessThan(verifyDone);
  }, 60_000);
});

/**
 * A remote's standalone page as its dev server serves it: the built `dist/` (the standalone
 * page under `/standalone/`), `standalone/index.html` for any other path, and `/api` passed to
 * the gateway.
 */
async function serveStandalone(dir: string, api: string): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/api/')) {
      const upstream = httpRequest(
        new URL(req.url!, api),
        { method: req.method, headers: { ...req.headers, host: new URL(api).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    const file = normalize(join(dir, decodeURIComponent(path)));
    const served =
      file.startsWith(dir + sep) && CONTENT_TYPES[extname(file)]
        ? file
        : join(dir, 'standalone', 'index.html');
    try {
      const body = readFileSync(served);
      res
        .writeHead(200, { 'content-type': CONTENT_TYPES[extname(served)] ?? 'text/plain' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return listenOnFreePort(server);
}

describe("each remote's standalone page, with no shell to provide the runtime", () => {
  let app: App;
  const closers: (() => void)[] = [];
  beforeAll(async () => {
    app = await startApp();
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) close();
    await app?.stop();
  });

  for (const [dir, path, heading] of [
    ['mfe-journals', '/journals', 'My Journals'],
    ['mfe-goals', '/goals', 'Goals'],
    ['mfe-calendar', '/calendar', 'Calendar'],
    ['mfe-account', '/settings', 'Settings'],
  ] as const) {
    it(`${dir} signs in and shows ${path}`, async () => {
      const standalone = await serveStandalone(join(REPO_ROOT, dir, 'dist'), app.url);
      closers.push(standalone.close);
      const email = `standalone-${dir}@example.com`;
      const { password } = await app.verifiedAccount('Standalone', email);
      const page = await app.page();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const scripts = recordScripts(page);
      await page.goto(`${standalone.url}${path}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await eventually(() =>
        page.getByRole('heading', { name: heading, exact: true }).count(),
      ).toBe(1);
      expect(errors).toEqual([]);
      const reactDoms = (await scripts()).filter((s) => s.body.includes(REACT_DOM_MARKER));
      expect(reactDoms).toHaveLength(1);
    }, 60_000);
  }
});
