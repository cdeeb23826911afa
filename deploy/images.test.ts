// The Node images without a Docker engine: what each image would hold (deploy/assemble-app.ts,
// the same step its build stage runs), that the compiled build of that layout starts and
// answers, and that the Dockerfiles keep the rules a reader cannot see from the outside
// (non-root, read-only app directory, no sources or tsx at run time).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@dayframe/catalog';
import {
  REPO_ROOT,
  apiClient,
  startProcess,
  testRedisPrefix,
  testServiceSecret,
  testTokenKeys,
  type RunningProcess,
} from '@dayframe/test-kit';
import { assembleApp, packageNames, productionClosure, type Lock } from './assemble-app.ts';

const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as Lock;
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };

type Compose = {
  services: Record<string, { build?: { dockerfile: string; args?: Record<string, string> } }>;
};
const compose = yaml.load(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as Compose;
/** Every Node image compose builds, by the workspace it runs. */
const NODE_IMAGES = Object.values(compose.services)
  .filter((s) => s.build?.dockerfile === 'deploy/node.Dockerfile')
  .map((s) => s.build!.args!.WORKSPACE!);

const SERVICES = [...SERVICE_NAMES, 'mailer'];
const DATA_AND_MAIL = ['knex', 'bcrypt', 'better-sqlite3', 'mysql2', 'bullmq', 'nodemailer'];

describe('what each Node image holds', () => {
  it('compose builds the gateway, the mailer and every service, each a compiled workspace', () => {
    expect([...NODE_IMAGES].sort()).toEqual(
      ['gateway', ...SERVICES.map((s) => `services/${s}`)].sort(),
    );
    for (const workspace of NODE_IMAGES) {
      expect(existsSync(join(REPO_ROOT, workspace, 'tsconfig.build.json')), workspace).toBe(true);
      expect(existsSync(join(REPO_ROOT, workspace, 'main.ts')), workspace).toBe(true);
    }
  });

  it('the gateway depends on no service: no database driver, bcrypt, queue or mail library', () => {
    const deps = Object.keys(manifest('gateway').dependencies ?? {});
    expect(deps.filter((d) => SERVICES.some((s) => d === `@dayframe/${s}`))).toEqual([]);
    const closure = productionClosure(lock, 'gateway');
    expect(closure.workspaces).toEqual([
      'gateway',
      'packages/catalog',
      'packages/contracts',
      'packages/service-kit',
    ]);
    expect(packageNames(closure).filter((name) => DATA_AND_MAIL.includes(name))).toEqual([]);
    // What it does need is there: the proxy and the web framework.
    expect(packageNames(closure)).toEqual(expect.arrayContaining(['koa', 'undici', 'zod']));
  });

  it('the calendar service depends on neither journals nor goals', () => {
    const deps = Object.keys(manifest('services/calendar').dependencies ?? {});
    expect(deps).not.toContain('@dayframe/journals');
    expect(deps).not.toContain('@dayframe/goals');
    expect(productionClosure(lock, 'services/calendar').workspaces).toEqual([
      'packages/catalog',
      'packages/contracts',
      'packages/service-kit',
      'services/calendar',
    ]);
  });

  it('the mailer holds no database driver or bcrypt; only identity holds bcrypt', () => {
    const mailer = packageNames(productionClosure(lock, 'services/mailer'));
    expect(mailer).toEqual(expect.arrayContaining(['bullmq', 'nodemailer']));
    expect(
      mailer.filter((n) => ['knex', 'better-sqlite3', 'mysql2', 'bcrypt'].includes(n)),
    ).toEqual([]);
    for (const workspace of NODE_IMAGES) {
      const names = packageNames(productionClosure(lock, workspace));
      expect(names.includes('bcrypt'), workspace).toBe(workspace === 'services/identity');
    }
  });

  it('no image carries TypeScript, tsx or a test tool', () => {
    for (const workspace of NODE_IMAGES) {
      const names = packageNames(productionClosure(lock, workspace));
      const tools = [
        'typescript',
        'tsx',
        'vitest',
        'esbuild',
        'playwright-core',
        '@dayframe/test-kit',
      ];
      expect(
        names.filter((n) => tools.includes(n)),
        workspace,
      ).toEqual([]);
    }
  });
});

/** The last stage of a Dockerfile, the image that runs, without its comments. */
function runtimeStage(dockerfile: string): string {
  const text = readFileSync(join(REPO_ROOT, 'deploy', dockerfile), 'utf8');
  return text.slice(text.lastIndexOf('\nFROM ') + 1).replace(/^\s*#.*\n/gm, '');
}

describe('the Dockerfiles', () => {
  const node = readFileSync(join(REPO_ROOT, 'deploy/node.Dockerfile'), 'utf8');
  const nodeRuntime = runtimeStage('node.Dockerfile');

  it('node: compiles with tsc -b in a build stage and lays out the app with assemble-app', () => {
    expect(node.match(/^FROM /gm)).toHaveLength(2);
    expect(node).toMatch(/^RUN npx tsc -b \$\{WORKSPACE\}\/tsconfig\.build\.json$/m);
    expect(node).toMatch(/^RUN node --import tsx deploy\/assemble-app\.ts \$\{WORKSPACE\} \/app$/m);
  });

  it('node: runs on a maintained LTS slim base, as a non-root user, from a root-owned app directory', () => {
    const version = /^ARG NODE_VERSION=(\d+)/m.exec(node)?.[1];
    expect(['22', '24']).toContain(version);
    expect(nodeRuntime).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim/);
    expect(nodeRuntime).toMatch(/^USER node$/m);
    // Copied without --chown: root owns /app, so the process cannot change its own code.
    expect(nodeRuntime).toMatch(/^COPY --from=build \/app \/app$/m);
    expect(nodeRuntime).not.toMatch(/chown[^\n]*\/app/);
    expect(nodeRuntime).not.toMatch(/^COPY (?!--from=build)/m);
  });

  it('node: runs the compiled JavaScript, never TypeScript or tsx', () => {
    expect(nodeRuntime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    expect(nodeRuntime).toContain('NODE_OPTIONS=--conditions=compiled');
    expect(nodeRuntime).not.toMatch(/tsx|\.ts\b/);
  });

  it('web: each front-end image serves its own build only', () => {
    const web = readFileSync(join(REPO_ROOT, 'deploy/web.Dockerfile'), 'utf8');
    const webRuntime = runtimeStage('web.Dockerfile');
    expect(web.match(/^FROM /gm)).toHaveLength(2);
    expect(web).toContain('npm run build -w ${APP}');
    // Debian's nginx with its brotli module (deploy/nginx.test.ts runs the same pair), as the
    // non-root user the Kubernetes manifests name, started by the entry point the test renders with.
    expect(webRuntime).toMatch(/^FROM debian:bookworm-slim/);
    expect(webRuntime).toMatch(/apt-get install .*nginx-light libnginx-mod-http-brotli-static/);
    expect(webRuntime).toContain('--uid 101');
    expect(webRuntime).toMatch(/^USER web$/m);
    expect(webRuntime).toContain('COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf');
    expect(webRuntime).toMatch(/^CMD \["start-nginx"\]$/m);
    const fromBuild = webRuntime.match(/^COPY --from=build .*$/gm) ?? [];
    expect(fromBuild).toEqual(['COPY --from=build /app/${APP}/dist /usr/share/nginx/html']);
    expect(webRuntime).not.toMatch(/^COPY \. /m);
  });
});

// Compiles the Node workspaces (`npm run build:services`), lays out the gateway, journals,
// identity, the mailer and the archive as their images would be, and starts each (the
// archive's import worker) from that layout alone.
describe('the compiled images, started from their own layout', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'dayframe-images-'));
  const redis = testRedisPrefix();
  const running: RunningProcess[] = [];
  const keys = testTokenKeys();

  beforeAll(async () => {
    await promisify(execFile)('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: REPO_ROOT });
  }, 420_000);
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
    await redis.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function startImage(workspace: string, env: Record<string, string>) {
    const app = join(scratch, workspace.replaceAll('/', '-'));
    assembleApp(REPO_ROOT, workspace, app);
    const started = await startProcess(
      'dist/main.js',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(app, '.data'),
        ...env,
      },
      { cwd: join(app, workspace), nodeArgs: ['--conditions=compiled'] },
    );
    running.push(started);
    return { app, url: started.url };
  }

  function filesUnder(dir: string): string[] {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' });
  }

  it('journals and identity start on SQLite and are ready; the gateway proxies to them', async () => {
    // Identity signs with the private key; journals verifies with the public one (and both share
    // the service-token secret); the gateway holds no key.
    const identity = await startImage('services/identity', {
      BCRYPT_COST: '4',
      JWT_PRIVATE_KEY: keys.privateKey,
      SERVICE_TOKEN_SECRET: testServiceSecret().secret,
      // Required in production: the domain passkeys are bound to and the app's origin.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: 'http://localhost:8080',
    });
    const journals = await startImage('services/journals', {
      IDENTITY_URL: identity.url,
      JWT_PUBLIC_KEY: keys.publicKey,
      SERVICE_TOKEN_SECRET: testServiceSecret().secret,
    });
    const gateway = await startImage('gateway', {
      IDENTITY_URL: identity.url,
      JOURNALS_URL: journals.url,
      GOALS_URL: journals.url,
      CALENDAR_URL: journals.url,
      ARCHIVE_URL: journals.url,
      MEDIA_URL: journals.url,
      REMINDERS_URL: journals.url,
    });
    for (const { url } of [identity, journals, gateway]) {
      expect((await apiClient(url).call('GET', '/readyz')).status).toBe(200);
    }
    const api = apiClient(gateway.url);
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { name: 'Image', email: 'image@example.com', password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    // Unverified: journals recognises the session (not 401) and applies the verification rule.
    const journalsList = await api.call('GET', '/api/journals', { token: signup.body.token });
    expect(journalsList.status).toBe(403);

    // The gateway's layout holds its compiled code and nothing of the services'.
    expect(existsSync(join(gateway.app, 'services'))).toBe(false);
  }, 120_000);

  it('media starts from its layout (sharp and its libvips included), and not without its link key', async () => {
    const env = {
      IDENTITY_URL: 'http://127.0.0.1:9',
      // Asked by the sweep of unreferenced files (decision 0049).
      JOURNALS_URL: 'http://127.0.0.1:9',
      JWT_PUBLIC_KEY: keys.publicKey,
      SERVICE_TOKEN_SECRET: testServiceSecret().secret,
    };
    const media = await startImage('services/media', {
      ...env,
      MEDIA_URL_SECRET: 'a-media-url-secret-of-more-than-32-bytes',
    });
    expect((await apiClient(media.url).call('GET', '/readyz')).status).toBe(200);
    const cwd = join(media.app, 'services/media');
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['-e', "import('sharp').then((s) => console.log(s.default.versions.vips))"],
      { cwd },
    );
    expect(stdout.trim()).toMatch(/^\d+\.\d+/);
    // In production a missing key stops it, naming the variable.
    await expect(
      run(process.execPath, ['--conditions=compiled', 'dist/main.js'], {
        cwd,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATA_DIR: join(media.app, '.data'),
          ...env,
        },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('MEDIA_URL_SECRET') });
  }, 120_000);

  it('the mailer worker starts on Redis and answers its health checks', async () => {
    const mailer = await startImage('services/mailer', {
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect((await apiClient(mailer.url).call('GET', '/healthz')).status).toBe(200);
  }, 60_000);

  it('the archive plans an import in its worker thread from its compiled layout', async () => {
    // The worker is a file of its own (dist/import-worker.js), started without tsx and
    // resolving the workspace packages to their dist/ as the image's NODE_OPTIONS says.
    const app = join(scratch, 'services-archive');
    assembleApp(REPO_ROOT, 'services/archive', app);
    const dist = join(app, 'services/archive/dist');
    const script = `
      const { importPlanner } = await import(${JSON.stringify(join(dist, 'import-planner.js'))});
      const { readUpload } = await import(${JSON.stringify(join(dist, 'read-upload.js'))});
      const planner = importPlanner({ warn() {} });
      const file = JSON.stringify({ format: 'dayframe-export', version: 1,
        journals: [{ title: 'J', entries: [{ title: 't', content: 'c', date: '2026-01-01' }] }] });
      const plan = await planner.plan(await readUpload(Buffer.from(file), 'dayframe.json'));
      const deep = await planner
        .plan(await readUpload(Buffer.from('['.repeat(100) + ']'.repeat(100)), 'deep.json'))
        .catch((error) => error.code);
      await planner.close();
      console.log(JSON.stringify({ entries: plan.journals.journals[0].entries.length, deep }));`;
    // A file, not `--input-type=module -e`: a worker inherits the parent's flags.
    const file = join(scratch, 'plan-in-worker.mjs');
    writeFileSync(file, script);
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      cwd: join(app, 'services/archive'),
      env: { PATH: process.env.PATH, NODE_OPTIONS: '--conditions=compiled' },
    });
    rmSync(file);
    expect(JSON.parse(stdout)).toEqual({ entries: 1, deep: 'import_too_complex' });
  }, 60_000);

  it('no layout holds a TypeScript source, TypeScript, tsx, or another workspace', () => {
    for (const dir of readdirSync(scratch)) {
      const files = filesUnder(join(scratch, dir));
      const sources = files.filter(
        (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('node_modules/'),
      );
      expect(sources, dir).toEqual([]);
      const modules = readdirSync(join(scratch, dir, 'node_modules'));
      expect(modules, dir).not.toContain('typescript');
      expect(modules, dir).not.toContain('tsx');
    }
    expect(existsSync(join(scratch, 'gateway', 'node_modules', 'knex'))).toBe(false);
    expect(existsSync(join(scratch, 'gateway', 'node_modules', 'better-sqlite3'))).toBe(false);
    expect(existsSync(join(scratch, 'gateway', 'node_modules', 'bullmq'))).toBe(false);
  });
});
