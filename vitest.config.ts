import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Node tests (services, gateway, browser tests driving
// Chromium) are `*.test.ts`; React component tests are `*.test.tsx` and run in jsdom.
export default defineConfig({
  test: {
    // Most long suites wait (a relay down for a minute, a 60 s code cooldown, processes starting):
    // running three files at once keeps the whole run short on two cores.
    maxWorkers: 3,
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 30_000,
          // Browser and process tests wait for real things; a 1 s poll is too short on 2 busy cores.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker keeps its modules (and its Chromium, test-kit's sharedBrowser) from one file
          // to the next: importing the services' TypeScript anew for each of 230 files was most
          // of a run's CPU (decision 0054). Files still start their own servers and databases.
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['**/*.test.tsx'],
          // jsdom lacks the native dialog's showModal(), and busy machines need longer waits;
          // see the files.
          setupFiles: [
            './packages/web-kit/testing/jsdom-dialog.ts',
            './packages/web-kit/testing/dom-waits.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
