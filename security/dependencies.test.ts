// The production dependencies stay a known, small set: adding one is a deliberate change to
// the allow-list below, reviewed like code. And package-lock.json pins every package that can
// be installed (a version and an integrity hash), so an install is the same install everywhere.
// (`npm audit` needs the advisory service, which these machines cannot reach.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordAttack } from './_summary.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// A service holds data and jobs: it brings the drivers service-kit takes as optional peers.
const SERVICE = [
  '@dayframe/contracts',
  '@dayframe/service-kit',
  '@koa/router',
  'better-sqlite3',
  'bullmq',
  'ioredis',
  'knex',
  'koa',
  'mysql2',
  'zod',
];
const FRONT_END = ['@dayframe/contracts', '@dayframe/web-kit', 'react', 'react-dom'];

/** Each workspace's production dependencies, by directory. */
const ALLOWED: Record<string, string[]> = {
  '.': [],
  'packages/contracts': ['zod'],
  // The one list of services: plain data, no dependency.
  'packages/catalog': [],
  'packages/service-kit': [
    '@dayframe/catalog',
    '@dayframe/contracts',
    '@koa/bodyparser',
    '@koa/router',
    'jsonwebtoken',
    'koa',
    'pino',
    'undici',
    'zod',
  ],
  'packages/web-kit': [
    '@dayframe/contracts',
    'react',
    'react-dom',
    // The router, re-exported (tree-shaken) by the web kit; the apps get it from there.
    'react-router',
  ],
  // The front ends' build (rspack config, precompression): a devDependency of each app, so it
  // runs in a web image's build stage and never reaches its runtime.
  'packages/web-build': [
    '@dayframe/contracts',
    '@dayframe/web-kit',
    '@module-federation/enhanced',
    '@rspack/core',
    '@tailwindcss/postcss',
  ],
  // Starts the distributed topology on loopback (`npm run start:distributed`, tests): never part
  // of a production image.
  'packages/launcher': ['@dayframe/catalog', '@dayframe/service-kit', 'ioredis', 'mysql2'],
  // Test helpers: never part of a production image.
  'packages/test-kit': [
    '@dayframe/contracts',
    '@dayframe/launcher',
    '@dayframe/service-kit',
    'ioredis',
    'mailparser',
    'mysql2',
    'playwright-core',
    'smtp-server',
  ],
  // micromark and its GFM extensions parse entries; React elements are built by our own walk.
  // Contracts read `media:<id>` references (decision 48).
  'packages/markdown': [
    '@dayframe/contracts',
    'mdast-util-from-markdown',
    'mdast-util-gfm',
    'micromark-extension-gfm',
    'react',
  ],
  'packages/e2e-kit': ['@axe-core/playwright', '@dayframe/test-kit', 'playwright-core'],
  // Its port comes from the catalog. Passkeys are checked by @simplewebauthn/server and
  // authenticator-app codes by otplib (issue 28): neither is ours to get right by hand.
  'services/identity': [
    ...SERVICE,
    '@dayframe/catalog',
    '@simplewebauthn/server',
    'bcrypt',
    'otplib',
  ],
  // Search snippets are plain text: the same Markdown parser strips them (decision 47).
  'services/journals': [...SERVICE, '@dayframe/markdown'],
  'services/goals': SERVICE,
  // The calendar asks journals and goals over HTTP; it depends on neither (issue 13).
  'services/calendar': SERVICE,
  // No tables: it streams zips between the caller and the journals and goals services.
  'services/archive': [
    '@dayframe/contracts',
    '@dayframe/service-kit',
    '@koa/router',
    'koa',
    'yauzl',
    'yazl',
    'zod',
  ],
  // Files: streamed multipart in (busboy), the type from the bytes (file-type), images re-encoded
  // without EXIF (sharp) and their date read (exifr), kept on disk or in an S3 bucket (decision 48).
  'services/media': [
    ...SERVICE,
    '@aws-sdk/client-s3',
    '@aws-sdk/lib-storage',
    'busboy',
    'exifr',
    'file-type',
    'sharp',
  ],
  // Reminders: a service like goals; time zones come from Intl, not a library (decision 51).
  // Web Push: RFC 8291 encryption and VAPID signing (web-push).
  'services/reminders': [...SERVICE, 'web-push'],
  'services/mailer': [
    '@dayframe/catalog',
    '@dayframe/contracts',
    '@dayframe/service-kit',
    'bullmq',
    'ioredis',
    'koa',
    'nodemailer',
    'zod',
  ],
  // Proxy only: no service, so no database driver, bcrypt or mail library in its image.
  gateway: [
    '@dayframe/catalog',
    '@dayframe/contracts',
    '@dayframe/service-kit',
    'koa',
    'undici',
    'zod',
  ],
  // `npm start`: the gateway with every service mounted in one process.
  embedded: [
    '@dayframe/archive',
    '@dayframe/calendar',
    '@dayframe/catalog',
    '@dayframe/contracts',
    '@dayframe/gateway',
    '@dayframe/goals',
    '@dayframe/identity',
    '@dayframe/journals',
    '@dayframe/mailer',
    '@dayframe/media',
    '@dayframe/reminders',
    '@dayframe/service-kit',
    'koa',
    'zod',
  ],
  shell: FRONT_END,
  // Entries are Markdown: the parser and our renderer, in chunks of their own (decision 47).
  'mfe-journals': [...FRONT_END, '@dayframe/markdown'],
  'mfe-goals': FRONT_END,
  // The entry popup shows plain text through the same parser, in a chunk of its own.
  'mfe-calendar': [...FRONT_END, '@dayframe/markdown'],
  // uqr draws the authenticator app's QR code in Settings (issue 28), loaded with that screen only.
  'mfe-account': [...FRONT_END, 'uqr'],
};

type Manifest = {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
};

const read = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

/** The root and every workspace the root's `workspaces` globs name (`dir/*` or `dir`). */
function workspaces(): string[] {
  const dirs = ['.'];
  for (const pattern of read<Manifest>('package.json').workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const child of readdirSync(join(ROOT, parent)).sort())
        if (existsSync(join(ROOT, parent, child, 'package.json'))) dirs.push(`${parent}/${child}`);
    } else if (existsSync(join(ROOT, pattern, 'package.json'))) {
      dirs.push(pattern);
    }
  }
  return dirs;
}

type LockEntry = {
  version?: string;
  integrity?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
};
type Lock = { lockfileVersion: number; packages: Record<string, LockEntry> };

describe('dependencies', () => {
  const lock = read<Lock>('package-lock.json');

  it('every workspace has exactly the production dependencies on the allow-list', () => {
    const found = Object.fromEntries(
      workspaces().map((dir) => [
        dir,
        Object.keys(read<Manifest>(join(dir, 'package.json')).dependencies ?? {}).sort(),
      ]),
    );
    const allowed = Object.fromEntries(
      Object.entries(ALLOWED).map(([dir, names]) => [dir, [...new Set(names)].sort()]),
    );
    for (const [dir, names] of Object.entries(found))
      for (const name of names)
        recordAttack(
          'dependency: production package off the allow-list',
          allowed[dir]?.includes(name) ?? false,
        );
    expect(found).toEqual(allowed);
  });

  it('package-lock.json is version 3 and pins every production dependency with a version and an integrity hash', () => {
    expect(lock.lockfileVersion).toBe(3);
    const unpinned: string[] = [];
    for (const dir of workspaces()) {
      for (const name of Object.keys(
        read<Manifest>(join(dir, 'package.json')).dependencies ?? {},
      )) {
        // Node's resolution: the workspace's own node_modules first, then the root's.
        const key = [`${dir}/node_modules/${name}`, `node_modules/${name}`].find(
          (k) => lock.packages[k.replace(/^\.\//, '')],
        );
        const entry = key ? lock.packages[key.replace(/^\.\//, '')] : undefined;
        if (!entry) unpinned.push(`${dir}: ${name} is not in the lock file`);
        else if (entry.link) {
          if (!name.startsWith('@dayframe/')) unpinned.push(`${dir}: ${name} is a link`);
        } else if (!entry.version || !/^sha512-/.test(entry.integrity ?? ''))
          unpinned.push(`${dir}: ${name} has no version or sha512 integrity`);
      }
    }
    expect(unpinned).toEqual([]);
  });

  it('package-lock.json pins every installable package, transitive ones included', () => {
    const unpinned = Object.entries(lock.packages)
      .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
      .filter(([, entry]) => !entry.version || !/^sha(512|384|256)-/.test(entry.integrity ?? ''))
      .map(([path]) => path);
    expect(unpinned).toEqual([]);
    // Nothing is fetched from a git repository or a tarball URL outside the registry.
    const foreign = Object.entries(lock.packages)
      .filter(
        ([, e]) => !e.link && e.resolved && !e.resolved.startsWith('https://registry.npmjs.org/'),
      )
      .map(([path, e]) => `${path}: ${e.resolved}`);
    expect(foreign).toEqual([]);
  });
});
