// The nginx in front of the shell (deploy/nginx/shell.*.template) and a remote's
// (remote.*.template), run for real with the templates rendered as the images do: the same
// security headers as the gateway, the client address believed only from the trusted proxy and
// passed on to the gateway, the prerendered pages, the build's brotli and gzip copies, and 304s.
// The main configuration is the images' own (deploy/nginx/nginx.conf), run by Debian's nginx
// with its brotli module, as in the images.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, tempDataDir } from '@dayframe/test-kit';
import { startProxyGateway } from '../gateway/_proxy-harness.ts';

const PROXY = '127.0.3.9'; // the TLS proxy in front of nginx: the one trusted address
const STRANGER = '127.0.3.5';
const REMOTE = 'https://remotes.example.com';

const BUILT: Record<string, string> = {
  'pages/index.html': `<!doctype html><h1>Daily clarity, one entry at a time.</h1>${'x'.repeat(2000)}`,
  'pages/about.html': '<!doctype html><h1>About Dayframe</h1>',
  'pages/404.html': '<!doctype html><h1>Page not found</h1>',
  'main.0123abcd.js': `console.log(${JSON.stringify('y'.repeat(3000))});`,
  'main.0123abcd.js.map': JSON.stringify({ version: 3, sources: ['webpack://shell/./secret.ts'] }),
};

const REMOTE_BUILT: Record<string, string> = {
  'remoteEntry.js': `var remote = ${JSON.stringify('entry '.repeat(500))};`,
  'mf-manifest.json': JSON.stringify({ name: 'mfe_goals', padding: 'm'.repeat(2000) }),
  '123.89abcdef.js': `console.log(${JSON.stringify('chunk '.repeat(500))});`,
  '123.89abcdef.js.map': JSON.stringify({ version: 3, sources: ['webpack://goals/./secret.ts'] }),
};

/** Writes a file and, as the build does, its .br and .gz copies. */
function built(dir: string, file: string, body: string) {
  writeFileSync(join(dir, file), body);
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(body));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(body));
}

const TEMPLATES = [
  'shell.conf.template',
  'shell-headers.inc.template',
  'remote.conf.template',
  'remote-headers.inc.template',
];

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; bytes: number };

function get(port: number, path: string, from: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, localAddress: from, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = (
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw
          ).toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes: raw.length });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Renders the templates with the images' own entry point (deploy/nginx/start.sh, envsubst of
 * the variables set), then points their ports, upstream and paths into the scratch folder.
 */
function renderShellConfig(dir: string, vars: Record<string, string>, upstream: number) {
  const templates = join(dir, 'templates');
  const rendered = join(dir, 'rendered');
  mkdirSync(templates);
  mkdirSync(rendered);
  for (const file of TEMPLATES)
    copyFileSync(join(REPO_ROOT, 'deploy/nginx', file), join(templates, file));
  execFileSync('sh', [join(REPO_ROOT, 'deploy/nginx/start.sh'), '--render-only'], {
    env: { PATH: process.env.PATH, NGINX_TEMPLATES: templates, NGINX_CONF_D: rendered, ...vars },
  });
  const render = (file: string) =>
    readFileSync(join(rendered, file.replace(/\.template$/, '')), 'utf8');
  const html = join(dir, 'html');
  mkdirSync(join(html, 'pages'), { recursive: true });
  writeFileSync(join(html, 'index.html'), '<!doctype html><title>Dayframe</title>');
  // A build's output as the shell's build writes it: prerendered pages and precompressed copies.
  for (const [file, body] of Object.entries(BUILT)) built(html, file, body);
  // And a remote's image (remote.conf.template) on a port of its own.
  const remoteHtml = join(dir, 'remote-html');
  mkdirSync(remoteHtml);
  for (const [file, body] of Object.entries(REMOTE_BUILT)) built(remoteHtml, file, body);
  writeFileSync(join(dir, 'remote-headers.inc'), render('remote-headers.inc.template'));
  writeFileSync(
    join(dir, 'remote.conf'),
    render('remote.conf.template')
      .replace('listen 8080;', `listen 127.0.0.1:${vars.REMOTE_PORT};`)
      .replaceAll('/etc/nginx/conf.d/remote-headers.inc', join(dir, 'remote-headers.inc'))
      .replace('root /usr/share/nginx/html;', `root ${remoteHtml};`),
  );
  writeFileSync(join(dir, 'shell-headers.inc'), render('shell-headers.inc.template'));
  writeFileSync(
    join(dir, 'default.conf'),
    render('shell.conf.template')
      .replace('listen 8080;', `listen 127.0.0.1:${vars.PORT};`)
      .replaceAll('http://gateway:8080', `http://127.0.0.1:${upstream}`)
      .replaceAll('/etc/nginx/conf.d/shell-headers.inc', join(dir, 'shell-headers.inc'))
      .replace('root /usr/share/nginx/html;', `root ${html};`),
  );
  // The images' main configuration, its writable places moved into the scratch folder.
  let main = readFileSync(join(REPO_ROOT, 'deploy/nginx/nginx.conf'), 'utf8');
  const moves: [string, string][] = [
    ['pid /tmp/nginx.pid;', `pid ${join(dir, 'nginx.pid')};`],
    ['error_log stderr warn;', `error_log ${join(dir, 'error.log')} warn;`],
    ['access_log /dev/stdout;', 'access_log off;'],
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name): [string, string] => [
      `${name}_temp_path /tmp/${name};`,
      `${name}_temp_path ${join(dir, name)};`,
    ]),
    [
      'include /etc/nginx/conf.d/*.conf;',
      `include ${join(dir, 'default.conf')};\n  include ${join(dir, 'remote.conf')};`,
    ],
  ];
  for (const [from, to] of moves) {
    if (!main.includes(from)) throw new Error(`deploy/nginx/nginx.conf no longer says ${from}`);
    main = main.replace(from, to);
  }
  writeFileSync(join(dir, 'nginx.conf'), `daemon off;\nmaster_process off;\n${main}`);
}

/** The environment the shell's and a remote's image are given, on these ports. */
function imageSettings(port: number, remotePort: number): Record<string, string> {
  return {
    TRUSTED_PROXY: `${PROXY}/32`,
    REMOTE_ORIGINS: REMOTE,
    PORT: String(port),
    REMOTE_PORT: String(remotePort),
    SHELL_ORIGIN: 'https://app.example.com',
  };
}

/** Runs nginx on the configuration rendered into `dir`, once its health check answers. */
async function startNginx(dir: string, port: number): Promise<ChildProcess> {
  const nginx = spawn(
    'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  nginx.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      if ((await get(port, '/healthz', '127.0.0.1')).status === 200) return nginx;
    } catch {
      if (i > 100) throw new Error(`nginx did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('the nginx in front of the shell', () => {
  const dir = tempDataDir();
  let nginx: ChildProcess;
  let port: number;
  let remotePort: number;
  let upstream: Server;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // Stands in for the gateway: records what nginx forwards.
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      // Reads the whole body first, as the gateway does, so a streamed upload is not cut short.
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
    });
    const upstreamPort = await freePort();
    await new Promise<void>((r) => upstream.listen(upstreamPort, '127.0.0.1', r));
    port = await freePort();
    remotePort = await freePort();
    renderShellConfig(dir.dir, imageSettings(port, remotePort), upstreamPort);
    nginx = await startNginx(dir.dir, port);
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await new Promise<void>((r) => upstream?.close(() => r()));
    dir.remove();
  });

  it("sends the gateway's security headers on the shell's pages", async () => {
    const gw = await startProxyGateway({
      MFE_JOURNALS_URL: `${REMOTE}/journals/mf-manifest.json`,
      TRUST_PROXY: 'true',
    });
    try {
      const names = [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'permissions-policy',
        'strict-transport-security',
      ];
      const overTls = { 'x-forwarded-proto': 'https' };
      const fromGateway = await gw.api.call('GET', '/', { headers: overTls });
      const fromNginx = await get(port, '/', PROXY, overTls);
      expect(fromNginx.status).toBe(200);
      for (const name of names) {
        expect(fromGateway.headers.get(name), name).toBeTruthy();
        expect(fromNginx.headers[name], name).toBe(fromGateway.headers.get(name));
      }
      // Hashed assets too, and HSTS only when the browser came over TLS.
      const plain = await get(port, '/index.html', PROXY);
      expect(plain.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect((await gw.api.call('GET', '/')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await gw.stop();
    }
  });

  it('passes the client address the trusted proxy reports, and only that proxy', async () => {
    seen.length = 0;
    await get(port, '/api/auth/verify', PROXY, {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    // A client that prepends an address of its choosing gets the one the proxy saw.
    await get(port, '/api/auth/verify', PROXY, { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' });
    // Anyone else is its own socket address, whatever it claims.
    await get(port, '/api/auth/verify', STRANGER, { 'x-forwarded-for': '203.0.113.7' });
    await get(port, '/remotes.json', STRANGER, { 'x-real-ip': '203.0.113.7' });
    expect(seen.map((h) => [h['x-forwarded-for'], h['x-real-ip']])).toEqual([
      ['203.0.113.7', '203.0.113.7'],
      ['198.51.100.4', '198.51.100.4'],
      [STRANGER, STRANGER],
      [STRANGER, STRANGER],
    ]);
    expect(seen[0]!['x-forwarded-proto']).toBe('https');
    expect(seen[2]!['x-forwarded-proto']).toBe('http');
  });

  it('lets an import of several megabytes through to the gateway, and no other call', async () => {
    const post = (path: string, bytes: number) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            headers: { 'content-type': 'application/zip', 'content-length': bytes },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(Buffer.alloc(bytes));
      });
    const threeMegabytes = 3 * 1024 * 1024;
    expect(await post('/api/import', threeMegabytes)).toBe(200);
    // Past the 200 KB every other call may send.
    expect(await post('/api/journals', 300 * 1024)).toBe(413);
  });

  it('serves the prerendered public pages, the app elsewhere, and the 404 page for a missing file', async () => {
    const landing = await get(port, '/', PROXY);
    expect(landing.status).toBe(200);
    expect(landing.body).toContain('Daily clarity, one entry at a time.');
    expect((await get(port, '/about', PROXY)).body).toContain('About Dayframe');
    const app = await get(port, '/journals/42', PROXY);
    expect([app.status, app.body]).toEqual([200, '<!doctype html><title>Dayframe</title>']);
    const missing = await get(port, '/missing.0123abcd.js', PROXY);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    // The API keeps its own paths, dots included.
    expect((await get(port, '/api/files/a.json', PROXY)).headers['content-type']).toBe(
      'application/json',
    );
  });

  it('serves the brotli copy the build wrote, else its gzip copy, hashed files for a year, and 304 for what is current', async () => {
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const gzip = { 'accept-encoding': 'gzip, deflate' };
    const asset = await get(port, '/main.0123abcd.js', PROXY, br);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['vary']).toBe('Accept-Encoding');
    expect(asset.bytes).toBe(brotliCompressSync(BUILT['main.0123abcd.js']!).length);
    expect(asset.body).toBe(BUILT['main.0123abcd.js']);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await get(port, '/main.0123abcd.js', PROXY, gzip);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.bytes).toBe(gzipSync(BUILT['main.0123abcd.js']!).length);
    const plain = await get(port, '/main.0123abcd.js', PROXY);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUILT['main.0123abcd.js']);

    const page = await get(port, '/', PROXY, br);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    const etag = page.headers['etag']!;
    expect(etag).toBeTruthy();
    const again = await get(port, '/', PROXY, { ...br, 'if-none-match': etag });
    expect([again.status, again.bytes]).toEqual([304, 0]);
    const since = { 'if-modified-since': page.headers['last-modified']! };
    expect((await get(port, '/about', PROXY, since)).status).toBe(304);
    // The security headers are on a 304 too.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it("revalidates a remote's entry and manifest and lets its hashed chunks be kept, compressed by the build", async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const first = await get(remotePort, `/${file}`, PROXY, gzip);
      expect([first.status, first.body], file).toEqual([200, REMOTE_BUILT[file]]);
      expect(first.headers['content-encoding'], file).toBe('gzip');
      expect(first.headers['cache-control'], file).toBe('no-cache');
      expect(first.headers['access-control-allow-origin'], file).toBe('https://app.example.com');
      const again = await get(remotePort, `/${file}`, PROXY, {
        ...gzip,
        'if-none-match': first.headers['etag']!,
      });
      expect([again.status, again.bytes], file).toEqual([304, 0]);
    }
    const chunk = await get(remotePort, '/123.89abcdef.js', PROXY, gzip);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.bytes).toBe(gzipSync(REMOTE_BUILT['123.89abcdef.js']!).length);
    const brotli = await get(remotePort, '/123.89abcdef.js', PROXY, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe(REMOTE_BUILT['123.89abcdef.js']);
  });
});

// Source maps: the builds write one (and its .br/.gz copies) beside each script. The images
// answer 404 for them unless SERVE_SOURCE_MAPS=true; the suite above runs with it unset (as
// the Kubernetes manifests leave it), the one below with it set.
const MAPS = {
  shell: ['/main.0123abcd.js.map', '/main.0123abcd.js.map.br', '/main.0123abcd.js.map.gz'],
  remote: ['/123.89abcdef.js.map', '/123.89abcdef.js.map.br', '/123.89abcdef.js.map.gz'],
};
const ENCODINGS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip' },
];

describe('source maps from the web images', () => {
  const dirs: ReturnType<typeof tempDataDir>[] = [];
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const nginx of running) nginx.kill('SIGTERM');
    for (const dir of dirs) dir.remove();
  });

  async function images(vars: Record<string, string>) {
    const dir = tempDataDir();
    dirs.push(dir);
    const port = await freePort();
    const remotePort = await freePort();
    renderShellConfig(
      dir.dir,
      { ...imageSettings(port, remotePort), ...vars },
      await freePort(), // no gateway: nothing here goes to /api
    );
    running.push(await startNginx(dir.dir, port));
    return { port, remotePort };
  }

  it('answers 404 for a .map and its compressed copies when SERVE_SOURCE_MAPS is unset or false, and still serves the scripts', async () => {
    const settings: Record<string, string>[] = [{}, { SERVE_SOURCE_MAPS: 'false' }];
    for (const vars of settings) {
      const { port, remotePort } = await images(vars);
      for (const headers of ENCODINGS) {
        for (const path of MAPS.shell) {
          const answer = await get(port, path, PROXY, headers);
          expect(answer.status, path).toBe(404);
          expect(answer.body, path).toContain('Page not found');
          expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
        }
        for (const path of MAPS.remote) {
          const answer = await get(remotePort, path, PROXY, headers);
          expect(answer.status, path).toBe(404);
          expect(answer.body, path).not.toContain('secret.ts');
        }
        const script = await get(port, '/main.0123abcd.js', PROXY, headers);
        expect([script.status, script.body]).toEqual([200, BUILT['main.0123abcd.js']]);
        const chunk = await get(remotePort, '/123.89abcdef.js', PROXY, headers);
        expect([chunk.status, chunk.body]).toEqual([200, REMOTE_BUILT['123.89abcdef.js']]);
      }
    }
  });

  it('serves them, compressed as the build wrote them, when SERVE_SOURCE_MAPS=true', async () => {
    const { port, remotePort } = await images({ SERVE_SOURCE_MAPS: 'true' });
    for (const headers of ENCODINGS) {
      const shell = await get(port, MAPS.shell[0]!, PROXY, headers);
      expect([shell.status, shell.body]).toEqual([200, BUILT['main.0123abcd.js.map']]);
      expect(shell.headers['content-encoding']).toBe(
        headers['accept-encoding'] === 'br'
          ? 'br'
          : headers['accept-encoding']
            ? 'gzip'
            : undefined,
      );
      const remote = await get(remotePort, MAPS.remote[0]!, PROXY, headers);
      expect([remote.status, remote.body]).toEqual([200, REMOTE_BUILT['123.89abcdef.js.map']]);
      expect(remote.headers['access-control-allow-origin']).toBe('https://app.example.com');
    }
  });
});
