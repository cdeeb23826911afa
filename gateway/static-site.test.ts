// The gateway's static site over real HTTP, on a build-shaped folder: prerendered pages, the
// copies the build compressed, revalidation with 304, and a new build noticed without a stat
// per request.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, tempDataDir } from '@dayframe/test-kit';
import { startProxyGateway } from './_proxy-harness.ts';
import { frontEndSite } from './static-site.ts';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; bytes: number };

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : raw;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: body.toString(),
          bytes: raw.length,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const HTML = { accept: 'text/html' };
const APP = '<!doctype html><div id="root"></div>';
const NOT_FOUND = '<!doctype html><h1>Page not found</h1>';
const LANDING = `<!doctype html><h1>Daily clarity, one entry at a time.</h1>${'text '.repeat(500)}`;
const SCRIPT = `console.log(${JSON.stringify('code '.repeat(1000))});`;

/** Writes a file and, like the build, its .br and .gz copies. */
function built(dir: string, file: string, body: string) {
  writeFileSync(join(dir, file), body);
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(body));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(body));
}

describe("the gateway's static site", () => {
  const root = tempDataDir();
  const shell = join(root.dir, 'shell');
  const remote = join(root.dir, 'journals');
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    mkdirSync(join(shell, 'pages'), { recursive: true });
    mkdirSync(remote);
    built(shell, 'index.html', APP);
    built(shell, join('pages', 'index.html'), LANDING);
    built(shell, join('pages', 'about.html'), '<!doctype html><h1>About Dayframe</h1>');
    built(shell, join('pages', '404.html'), NOT_FOUND);
    built(shell, 'main.0123abcd.js', SCRIPT);
    writeFileSync(join(shell, 'plain.0123abcd.js'), SCRIPT); // a build that wrote no copies
    built(remote, 'remoteEntry.js', SCRIPT);
    const app = new Koa();
    app.use(
      frontEndSite({ shellDir: shell, mounts: [{ prefix: '/remotes/journals/', dir: remote }] }),
    );
    server = await listen(app.callback());
  });
  afterAll(async () => {
    await server?.close();
    root.remove();
  });

  it('answers the public pages with their prerendered HTML, the app elsewhere, and 404 for a missing file', async () => {
    const landing = await get(server.port, '/', HTML);
    expect([landing.status, landing.body]).toEqual([200, LANDING]);
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get(server.port, '/about', HTML)).body).toContain('About Dayframe');
    expect((await get(server.port, '/journals/7', HTML)).body).toBe(APP);
    const missing = await get(server.port, '/missing.0123abcd.js', HTML);
    expect([missing.status, missing.body]).toEqual([404, NOT_FOUND]);
    // Nothing outside the folders, however the path is spelled: the app, a 404, nothing else.
    for (const path of [
      '/..%2f..%2fetc%2fpasswd',
      '/remotes/journals/..%2f..%2fshell%2fmain.0123abcd.js',
      '/%2e%2e/%2e%2e/etc/hostname',
      '/%00',
    ]) {
      const answer = await get(server.port, path);
      expect([APP, NOT_FOUND, 'Not Found'], path).toContain(answer.body);
    }
  });

  it('serves the copy the build compressed, by Accept-Encoding, and never compresses itself', async () => {
    const br = await get(server.port, '/main.0123abcd.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes).toBe(brotliCompressSync(SCRIPT).length);
    expect(br.body).toBe(SCRIPT);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    const gzip = await get(server.port, '/main.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect([gzip.headers['content-encoding'], gzip.body]).toEqual(['gzip', SCRIPT]);
    const identity = await get(server.port, '/main.0123abcd.js');
    expect([identity.headers['content-encoding'], identity.body]).toEqual([undefined, SCRIPT]);
    const uncompressed = await get(server.port, '/plain.0123abcd.js', {
      'accept-encoding': 'br, gzip',
    });
    expect([uncompressed.headers['content-encoding'], uncompressed.bytes]).toEqual([
      undefined,
      Buffer.byteLength(SCRIPT),
    ]);
    // The copies are files of their own too, but the index serves them only as encodings.
    expect(br.headers['etag']).not.toBe(gzip.headers['etag']);
  });

  it('lets hashed files be kept a year and answers 304 for a page or manifest that did not change', async () => {
    const asset = await get(server.port, '/main.0123abcd.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/remotes/journals/remoteEntry.js']) {
      const first = await get(server.port, path, { ...HTML, 'accept-encoding': 'br' });
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers['etag']!;
      const lastModified = first.headers['last-modified']!;
      // fetch() adds `Cache-Control: no-cache` to every conditional request: still a 304.
      const again = await get(server.port, path, {
        ...HTML,
        'accept-encoding': 'br',
        'if-none-match': `W/"other", ${etag}`,
        'cache-control': 'no-cache',
      });
      expect([again.status, again.bytes, again.headers['etag']]).toEqual([304, 0, etag]);
      const since = await get(server.port, path, { ...HTML, 'if-modified-since': lastModified });
      expect(since.status).toBe(304);
      // Another representation's tag is not this one's.
      const stale = await get(server.port, path, {
        ...HTML,
        'accept-encoding': 'gzip',
        'if-none-match': etag,
      });
      expect(stale.status).toBe(200);
    }
  });

  it('notices a new build within a second or so', async () => {
    const before = await get(server.port, '/', HTML);
    rmSync(join(shell, 'pages', 'index.html.br'));
    rmSync(join(shell, 'pages', 'index.html.gz'));
    writeFileSync(join(shell, 'pages', 'index.html'), '<!doctype html><h1>A new landing</h1>');
    built(shell, 'main.4567cdef.js', SCRIPT);
    await expect
      .poll(async () => (await get(server.port, '/', HTML)).body, { timeout: 5000, interval: 200 })
      .toBe('<!doctype html><h1>A new landing</h1>');
    const after = await get(server.port, '/', {
      ...HTML,
      'if-none-match': before.headers['etag']!,
    });
    expect(after.status).toBe(200);
    expect((await get(server.port, '/main.4567cdef.js')).status).toBe(200);
  });
});

// The builds write a `.map` beside each script (packages/web-build, `devtool: 'source-map'`):
// the original sources, comments included. Production hides them unless SERVE_SOURCE_MAPS=true.
describe('source maps from the gateway (WEB_ROOT builds, NODE_ENV and SERVE_SOURCE_MAPS)', () => {
  const root = tempDataDir();
  const MAP = JSON.stringify({ version: 3, sources: ['webpack://shell/./src/secret.ts'] });

  beforeAll(() => {
    const shellDist = join(root.dir, 'shell', 'dist');
    const remoteDist = join(root.dir, 'mfe-goals', 'dist');
    mkdirSync(join(shellDist, 'pages'), { recursive: true });
    mkdirSync(remoteDist, { recursive: true });
    built(shellDist, 'index.html', APP);
    built(shellDist, join('pages', '404.html'), NOT_FOUND);
    built(shellDist, 'main.0123abcd.js', SCRIPT);
    built(shellDist, 'main.0123abcd.js.map', MAP);
    built(remoteDist, '123.89abcdef.js', SCRIPT);
    built(remoteDist, '123.89abcdef.js.map', MAP);
  });
  afterAll(() => root.remove());

  const MAPS = ['/main.0123abcd.js.map', '/remotes/mfe-goals/123.89abcdef.js.map'];
  const ASKED: Record<string, string>[] = [{}, HTML, { 'accept-encoding': 'br' }];

  async function answers(env: Record<string, string>) {
    const gw = await startProxyGateway({ WEB_ROOT: root.dir, ...env });
    try {
      const { port } = new URL(gw.url);
      const result: { path: string; status: number; body: string }[] = [];
      for (const path of [...MAPS, '/main.0123abcd.js'])
        for (const headers of ASKED) {
          const answer = await get(Number(port), path, headers);
          result.push({ path, status: answer.status, body: answer.body });
        }
      return result;
    } finally {
      await gw.stop();
    }
  }

  it('answers 404 for every .map in production, in any encoding, and still serves the scripts', async () => {
    for (const { path, status, body } of await answers({ NODE_ENV: 'production' })) {
      if (path.endsWith('.map')) {
        expect(status, path).toBe(404);
        expect(body, path).not.toContain('secret.ts');
      } else expect([status, body], path).toEqual([200, SCRIPT]);
    }
  });

  it('serves them in production when SERVE_SOURCE_MAPS=true, and outside production', async () => {
    const envs: Record<string, string>[] = [
      { NODE_ENV: 'production', SERVE_SOURCE_MAPS: 'true' },
      { NODE_ENV: 'development' },
    ];
    for (const env of envs)
      for (const { path, status, body } of await answers(env))
        expect([status, body], `${path} ${JSON.stringify(env)}`).toEqual([
          200,
          path.endsWith('.map') ? MAP : SCRIPT,
        ]);
  });

  it('refuses a SERVE_SOURCE_MAPS that is not true or false', async () => {
    await expect(startProxyGateway({ SERVE_SOURCE_MAPS: 'yes' })).rejects.toThrow(
      /SERVE_SOURCE_MAPS/,
    );
  });
});

// Reminders by Web Push (issue 27): the shell's service worker, copied by the build from
// shell/public, is served from the root (so its scope may be the whole app without a
// Service-Worker-Allowed header), as JavaScript, revalidated rather than kept a year (its name
// has no hash, and a browser must see a new version), and the CSP lets the page register it.
describe('the push service worker from the gateway', () => {
  const root = tempDataDir();
  const WORKER = readFileSync(join(import.meta.dirname, '../shell/public/push-sw.js'), 'utf8');

  beforeAll(() => {
    const shellDist = join(root.dir, 'shell', 'dist');
    mkdirSync(join(shellDist, 'pages'), { recursive: true });
    built(shellDist, 'index.html', APP);
    built(shellDist, join('pages', '404.html'), NOT_FOUND);
    built(shellDist, 'push-sw.js', WORKER);
  });
  afterAll(() => root.remove());

  it('answers GET /push-sw.js with the worker as JavaScript, revalidated, under a CSP that allows it', async () => {
    const gw = await startProxyGateway({ WEB_ROOT: root.dir, NODE_ENV: 'production' });
    try {
      const { port } = new URL(gw.url);
      for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
        const answer = await get(Number(port), '/push-sw.js', headers);
        expect([answer.status, answer.body]).toEqual([200, WORKER]);
        expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        // CSP's fallback for workers: worker-src, else child-src, else script-src, else default-src.
        const directives = new Map(
          String(answer.headers['content-security-policy'])
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .map(([name, ...sources]) => [name!, sources]),
        );
        const workers = ['worker-src', 'child-src', 'script-src', 'default-src']
          .map((name) => directives.get(name))
          .find(Boolean);
        expect(workers).toContain("'self'");
      }
    } finally {
      await gw.stop();
    }
  });
});
