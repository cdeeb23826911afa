// One lint setup for every workspace: typescript-eslint's recommended rules, type-unaware so it stays fast.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import restrictedPaths from './eslint/restricted-paths.js';

const ROOT = import.meta.dirname;

/** The folders directly under `dir` (read from disk, so a new service or feature is covered at once). */
function foldersIn(dir) {
  try {
    return readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const SERVICES = foldersIn('services');
const REMOTES = ['mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account'];
const FRONT_ENDS = ['shell', ...REMOTES];

// Code written only for tests: test files and the `_name.ts` harnesses beside them. They may
// stand other services up as real fixtures, so the service boundary does not bind them.
const TEST_CODE = ['**/*.test.ts', '**/*.test.tsx', '**/_*.ts'];

/**
 * A service ships alone and owns its data (issue 13): no import of another service, by package
 * name or by path (both resolve to the other service's folder).
 */
const serviceZones = SERVICES.map((name) => ({
  target: `services/${name}`,
  from: SERVICES.filter((other) => other !== name).map((other) => `services/${other}`),
  message: `services/${name} must not import another service: each service owns its data and ships alone. Ask it over its API (an internal endpoint) and let the composition root wire an in-process call.`,
}));

/**
 * `packages/` holds libraries that depend on nothing above them: no package imports a service,
 * the gateway or the composition root (tests included), so the folder tree shows one direction.
 */
const packageZones = [
  {
    target: 'packages',
    from: ['services', 'gateway', 'embedded'],
    message:
      'packages/ holds libraries that depend on nothing above them: take what is needed as a parameter, or move the code up to where it is composed.',
  },
];

/**
 * A remote is built and deployed alone and mounted by the shell at run time: it may not import
 * the shell or another remote. What both need lives in packages/web-kit or packages/contracts.
 */
const remoteZones = REMOTES.map((name) => ({
  target: name,
  from: FRONT_ENDS.filter((other) => other !== name),
  message: `${name} must not import the shell or another remote: each is built and deployed alone. Move what both need into packages/web-kit (or packages/contracts).`,
}));

/**
 * A feature (`<front end>/src/features/<name>/`) keeps its files to itself. Another feature may
 * use only its front door, `mod.ts`; tests may also use its `testing/` helpers (`doors`).
 */
function featureZones(doors) {
  return FRONT_ENDS.flatMap((app) => {
    const features = foldersIn(`${app}/src/features`);
    return features.flatMap((name) =>
      features
        .filter((other) => other !== name)
        .map((other) => ({
          target: `${app}/src/features/${name}`,
          from: `${app}/src/features/${other}`,
          except: doors,
          message: `The ${name} feature may use the ${other} feature only through its mod.ts; move what both need into ${app}'s shared code or packages/web-kit.`,
        })),
    );
  });
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Boundaries: packages, features, remotes and services (see ARCHITECTURE.md, "Boundaries").
    files: ['**/*.{ts,tsx,js}'],
    ignores: TEST_CODE,
    plugins: { dayframe: restrictedPaths },
    rules: {
      'dayframe/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [...packageZones, ...serviceZones, ...remoteZones, ...featureZones(['./mod.ts'])],
        },
      ],
    },
  },
  {
    // Tests may stand other services up, but features and front ends stay apart in tests too.
    files: TEST_CODE,
    plugins: { dayframe: restrictedPaths },
    rules: {
      'dayframe/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [...packageZones, ...remoteZones, ...featureZones(['./mod.ts', './testing'])],
        },
      ],
    },
  },
  {
    // One router per page: the web kit re-exports react-router's declarative parts and is the
    // shared singleton; an app importing react-router itself would bundle a second router.
    files: ['shell/**', 'mfe-*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: `Import the router from @dayframe/web-kit (and MemoryRouter from @dayframe/web-kit/testing): a remote's own ${name} would find no routes.`,
          })),
        },
      ],
    },
  },
  {
    // The gateway answers requests: a synchronous file call anywhere in it would stall every
    // request of the process. It reads the disk with node:fs/promises.
    files: ['gateway/**/*.ts'],
    ignores: TEST_CODE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'node:fs'].map((name) => ({
            name,
            importNames: ['statSync', 'lstatSync', 'readdirSync', 'readFileSync', 'existsSync'],
            message: 'Use node:fs/promises: the gateway runs on the request path.',
          })),
        },
      ],
    },
  },
  {
    // Tests read loosely shaped JSON answers; `any` there keeps assertions short.
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/test-kit/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
