// The budget check on real figures, and on a real build: a fixture screen built by rspack as the
// front ends are (production mode, minified), weighed by the same function as the browser's
// downloads, passes its budget, and the same screen with a deliberately heavy import fails it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overBudget, totalGzip, weighScript, type ScriptFile } from './script-weight.ts';

/** Scripts of the given gzipped sizes in KB, as a screen's load would list them. */
const scripts = (sizes: Record<string, number>): ScriptFile[] =>
  Object.entries(sizes).map(([path, kb]) => ({
    url: `http://127.0.0.1:8080${path}`,
    gzip: Math.round(kb * 1024),
    react: false,
  }));

// A signed-in cold visit of /journals as measured for bench/budgets.ts (2026-11-27).
const JOURNALS = scripts({
  '/theme-init.js': 0.3,
  '/main.97478f93.js': 32.2,
  '/203.bdb7ea3c.js': 4.6,
  '/121.50d530e5.js': 3.0,
  '/181.ea4f3143.js': 0.3,
  '/229.6dda34d0.js': 23.3,
  '/507.5a94d31d.js': 13.7,
  '/205.556a2c07.js': 1.0,
  '/586.603c5c52.js': 1.5,
  '/309.6f3ac1d1.js': 11.9,
  '/470.e7a3af3b.js': 1.4,
  '/275.a2e8ad25.js': 63.7,
  '/488.930d6617.js': 2.6,
  '/451.bd269707.js': 0.6,
  '/707.2115099d.js': 1.4,
  '/406.ffd045be.js': 5.7,
  '/remotes/mfe-journals/remoteEntry.js': 14.3,
  '/remotes/mfe-journals/__federation_expose_routes.50b2f3dd.js': 5.3,
});
// What the entry page adds to it: the editor, the renderer and the gallery.
const EDITOR = scripts({
  '/remotes/mfe-journals/924.ce536d7b.js': 5.8,
  '/remotes/mfe-journals/159.f9f2b528.js': 4.3,
  '/remotes/mfe-journals/229.1c0bbc09.js': 23.3,
  '/remotes/mfe-journals/211.5a61e481.js': 2.6,
  '/remotes/mfe-journals/895.399c6b68.js': 4.6,
  '/remotes/mfe-journals/615.6b46f7b1.js': 2.0,
  '/remotes/mfe-journals/22.851a613e.js': 22.1,
});

describe('overBudget', () => {
  it('passes a screen within its budget', () => {
    expect(overBudget('/journals', JOURNALS, 190)).toBeNull();
  });

  it('fails a screen over its budget with the figure, the budget and the files, heaviest first', () => {
    const message = overBudget('/journals', [...JOURNALS, ...EDITOR], 190);
    expect(message).toMatch(
      /^\/journals: 251\.\d KB of JavaScript > budget 190 KB \(files: \/275\.a2e8ad25\.js 63\.7 KB, \/main\.97478f93\.js 32\.2 KB, /,
    );
    for (const file of [...JOURNALS, ...EDITOR])
      expect(message).toContain(
        `${new URL(file.url).pathname} ${(file.gzip / 1024).toFixed(1)} KB`,
      );
  });

  it('allows the budget itself and fails a byte more', () => {
    const exact: ScriptFile[] = [{ url: 'main.js', gzip: 35 * 1024, react: false }];
    expect(overBudget('main.js', exact, 35)).toBeNull();
    expect(overBudget('main.js', [{ ...exact[0]!, gzip: 35 * 1024 + 1 }], 35)).toBe(
      'main.js: 35.0 KB of JavaScript > budget 35 KB (files: main.js 35.0 KB)',
    );
  });
});

describe('a deliberately heavy import in a fixture', () => {
  const BUDGET_KB = 4;
  let out: string;
  const built = (name: string) => weighScript(`${name}.js`, readFileSync(join(out, `${name}.js`)));

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'dayframe-budget-fixture-'));
    const compiler = rspack({
      mode: 'production',
      target: 'web',
      context: import.meta.dirname,
      entry: {
        light: './fixtures/heavy-import/light.ts',
        heavy: './fixtures/heavy-import/heavy.ts',
      },
      output: { path: out, filename: '[name].js' },
      resolve: { extensions: ['.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.ts$/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' } } },
            type: 'javascript/auto',
          },
        ],
      },
      devtool: false,
    });
    const stats = await new Promise<{ hasErrors(): boolean; toString(): string }>(
      (resolve, reject) =>
        compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    expect(stats.hasErrors(), stats.toString()).toBe(false);
  });
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('passes its budget without the import', () => {
    expect(overBudget('light.js', [built('light')], BUDGET_KB)).toBeNull();
  });

  it('fails its budget with the import, saying the figure and the budget', () => {
    const heavy = built('heavy');
    const figure = `${(totalGzip([heavy]) / 1024).toFixed(1)} KB`;
    expect(heavy.gzip).toBeGreaterThan(BUDGET_KB * 1024);
    expect(overBudget('heavy.js', [heavy], BUDGET_KB)).toBe(
      `heavy.js: ${figure} of JavaScript > budget ${BUDGET_KB} KB (files: heavy.js ${figure})`,
    );
  });
});
