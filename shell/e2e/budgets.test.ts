// The size budgets of bench/budgets.ts, held in `npm test`: each screen's JavaScript on a cold
// visit in Chromium through the real gateway, and each entry point and exposed route module of
// the built front ends read from their dist. A figure over its budget fails with the figure, the
// budget and the files (heaviest first); every figure is printed at the end, for setting budgets.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  overBudget,
  startApp,
  totalGzip,
  weighScript,
  type App,
  type ScriptFile,
} from '@dayframe/e2e-kit';
import { REPO_ROOT } from '@dayframe/test-kit';
import { FILE_BUDGETS, SCREEN_BUDGETS, type ScreenName } from '../../bench/budgets.ts';
import { screensOf } from './_screen-weights.ts';

const figures: string[] = [];
const kb = (scripts: ScriptFile[]) => `${(totalGzip(scripts) / 1024).toFixed(1)} KB`;

afterAll(() => {
  if (figures.length) console.log(`JavaScript, gzipped:\n${figures.join('\n')}`);
});

describe('each screen downloads no more JavaScript than its budget', () => {
  let app: App;
  let screens: Awaited<ReturnType<typeof screensOf>>;
  beforeAll(async () => {
    app = await startApp();
    screens = await screensOf(app);
  }, 60_000);
  afterAll(() => app?.stop());

  it.each(Object.keys(SCREEN_BUDGETS) as ScreenName[])('%s', async (name) => {
    const scripts = await screens.weigh(name);
    figures.push(`  ${name}: ${kb(scripts)} (budget ${SCREEN_BUDGETS[name].kb} KB)`);
    expect(scripts.length, `${name} loaded no script`).toBeGreaterThan(0);
    expect(overBudget(name, scripts, SCREEN_BUDGETS[name].kb)).toBeNull();
  });
});

describe('each entry point and exposed route module is no heavier than its budget', () => {
  it.each(FILE_BUDGETS.map((budget) => [`${budget.dist}/${budget.name.source}`, budget] as const))(
    '%s',
    (what, budget) => {
      const dir = join(REPO_ROOT, budget.dist);
      const names = readdirSync(dir).filter((name) => budget.name.test(name));
      // One file: a second (a stale build's) would make the figure ambiguous.
      expect(names, what).toHaveLength(1);
      const script = weighScript(`${budget.dist}/${names[0]}`, readFileSync(join(dir, names[0]!)));
      figures.push(`  ${script.url}: ${kb([script])} (budget ${budget.kb} KB)`);
      expect(overBudget(script.url, [script], budget.kb)).toBeNull();
    },
  );
});
