// One lint setup for every workspace: typescript-eslint's recommended rules, type-unaware so it stays fast.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Every folder under services/ is a service that ships alone (issue 13): it may not import
// another service's package or files. Read from disk, so a new service is covered at once.
const SERVICES = readdirSync(join(import.meta.dirname, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * `no-restricted-imports` for services/<name>: no `@dayframe/<other>` and no relative path into
 * `services/<other>`. Tests (`*.test.ts`) may still stand other services up as real fixtures.
 */
function ownServiceOnly(name) {
  const others = SERVICES.filter((other) => other !== name);
  return {
    files: [`services/${name}/**/*.{ts,tsx,js}`],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: others.map((other) => ({
            group: [
              `@dayframe/${other}`,
              `@dayframe/${other}/*`,
              `**/services/${other}/**`,
              `../../${other}/**`,
              `../${other}/**`,
            ],
            message: `services/${name} must not import the ${other} service: each service owns its data and ships alone. Ask it over its API (an internal endpoint) and let the composition root wire an in-process call.`,
          })),
        },
      ],
    },
  };
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
  ...SERVICES.map(ownServiceOnly),
  {
    // Tests read loosely shaped JSON answers; `any` there keeps assertions short.
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/test-kit/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
