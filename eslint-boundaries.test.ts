// The boundaries in eslint.config.js, proved on small snippets linted as if they sat at a path
// inside the repository. The imported files are real, so the resolver finds them as it would.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: import.meta.dirname });
const RULE = 'dayframe/no-restricted-paths';

/** What `rule` reports for `code` placed at `filePath` (relative to the repo). */
async function problems(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The boundary problems ESLint reports for `code` placed at `filePath`. */
const boundaryProblems = (filePath: string, code: string) => problems(RULE, filePath, code);

describe('a feature keeps its files to itself', () => {
  it("fails when a shell feature imports another feature's internals", async () => {
    const problems = await boundaryProblems(
      'shell/src/features/palette/components/probe.tsx',
      "export { remoteCatalog } from '../../remotes/api/remote-catalog.ts';\n",
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'The palette feature may use the remotes feature only through its mod.ts',
      ),
    ]);
  });

  it("passes when a feature uses another feature's mod.ts", async () => {
    const problems = await boundaryProblems(
      'shell/src/features/palette/components/probe.tsx',
      "export { remoteCatalog } from '../../remotes/mod.ts';\n",
    );
    expect(problems).toEqual([]);
  });

  it('fails in a remote too, and in its tests', async () => {
    const code = "export { JournalCard } from '../../journals/components/journal-card.tsx';\n";
    for (const filePath of [
      'mfe-journals/src/features/entries/routes/probe.tsx',
      'mfe-journals/src/features/entries/routes/probe.test.tsx',
    ]) {
      expect(await boundaryProblems(filePath, code)).toEqual([
        expect.stringContaining('The entries feature may use the journals feature'),
      ]);
    }
  });

  it("keeps another feature's testing/ helpers out of the app's own code", async () => {
    const problems = await boundaryProblems(
      'shell/src/features/app/components/probe.tsx',
      "export { repoCatalog } from '../../remotes/testing/described-remotes.ts';\n",
    );
    expect(problems).toEqual([
      expect.stringContaining('The app feature may use the remotes feature'),
    ]);
  });

  it("lets a test use another feature's testing/ helpers", async () => {
    const problems = await boundaryProblems(
      'shell/src/features/app/components/probe.test.tsx',
      "export { repoCatalog } from '../../remotes/testing/described-remotes.ts';\n",
    );
    expect(problems).toEqual([]);
  });

  it('leaves imports inside one feature alone', async () => {
    const problems = await boundaryProblems(
      'mfe-account/src/features/admin/components/probe.tsx',
      "export * from '../api/admin-calls.ts';\n",
    );
    expect(problems).toEqual([]);
  });
});

describe('a remote stands alone', () => {
  it('fails when a remote imports the shell', async () => {
    const problems = await boundaryProblems(
      'mfe-goals/src/probe.ts',
      "export { App } from '../../shell/src/app.tsx';\n",
    );
    expect(problems).toEqual([
      expect.stringContaining('mfe-goals must not import the shell or another remote'),
    ]);
  });

  it('fails when a remote imports another remote', async () => {
    const problems = await boundaryProblems(
      'mfe-goals/src/features/goals/probe.ts',
      "export * from '../../../../mfe-calendar/src/routes.tsx';\n",
    );
    expect(problems).toEqual([expect.stringContaining('mfe-goals must not import')]);
  });

  it('passes for the shared kit', async () => {
    const problems = await boundaryProblems(
      'mfe-goals/src/probe.ts',
      "export { session } from '@dayframe/web-kit';\n",
    );
    expect(problems).toEqual([]);
  });
});

describe('a service ships alone', () => {
  it('fails when a service imports another service by package name or by path', async () => {
    for (const specifier of ['@dayframe/journals', '../journals/mod.ts']) {
      const problems = await boundaryProblems(
        'services/goals/probe.ts',
        `export { createJournals } from '${specifier}';\n`,
      );
      expect(problems, specifier).toEqual([
        expect.stringContaining('services/goals must not import another service'),
      ]);
    }
  });

  it('passes for the service kit and for tests that stand another service up', async () => {
    expect(
      await boundaryProblems(
        'services/goals/probe.ts',
        "export * from '@dayframe/service-kit/http';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryProblems(
        'services/goals/probe.test.ts',
        "export { createJournals } from '@dayframe/journals';\n",
      ),
    ).toEqual([]);
  });
});

describe('packages depend on nothing above them', () => {
  it('fails when a package imports a service, the gateway or the composition root', async () => {
    const cases = [
      ['packages/test-kit/probe.ts', "export { createGoals } from '@dayframe/goals';\n"],
      ['packages/launcher/probe.ts', "export { proxyGateway } from '@dayframe/gateway';\n"],
      ['packages/e2e-kit/probe.test.ts', "export { composeEmbedded } from '@dayframe/embedded';\n"],
      ['packages/service-kit/http/probe.ts', "export * from '../../../services/goals/mod.ts';\n"],
    ];
    for (const [file, code] of cases) {
      expect(await boundaryProblems(file!, code!), file).toEqual([
        expect.stringContaining('packages/ holds libraries that depend on nothing above them'),
      ]);
    }
  });

  it('passes for another package', async () => {
    expect(
      await boundaryProblems(
        'packages/test-kit/probe.ts',
        "export { startDistributed } from '@dayframe/launcher';\n",
      ),
    ).toEqual([]);
  });
});

describe('one router per page', () => {
  const routerProblems = (filePath: string, code: string) =>
    problems('no-restricted-imports', filePath, code);

  it('refuses react-router in the shell and the remotes, tests included', async () => {
    for (const filePath of [
      'shell/src/features/app/components/probe.tsx',
      'mfe-goals/src/features/goals/routes/probe.test.tsx',
    ])
      expect(await routerProblems(filePath, "export { Link } from 'react-router';\n")).toEqual([
        expect.stringContaining('Import the router from @dayframe/web-kit'),
      ]);
  });

  it('takes it from the web kit', async () => {
    expect(
      await routerProblems(
        'mfe-goals/src/features/goals/routes/probe.tsx',
        "export { Link } from '@dayframe/web-kit';\n",
      ),
    ).toEqual([]);
  });
});

describe('no waiting on the disk while answering', () => {
  const syncProblems = (code: string, file = 'gateway/static-site.ts') =>
    problems('no-restricted-imports', file, code);

  it('refuses synchronous file calls anywhere in the gateway', async () => {
    for (const file of ['gateway/static-site.ts', 'gateway/remotes-manifest.ts', 'gateway/x.ts']) {
      expect(await syncProblems("export { statSync } from 'node:fs';\n", file), file).toEqual([
        expect.stringContaining('Use node:fs/promises'),
      ]);
    }
  });

  it('takes them from node:fs/promises', async () => {
    expect(await syncProblems("export { stat } from 'node:fs/promises';\n")).toEqual([]);
  });
});
