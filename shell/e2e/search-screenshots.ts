// Screenshots of the search screen, the open palette and the dashboard widgets, light and dark,
// desktop and phone, for a person to look at:
// `node --import tsx shell/e2e/search-screenshots.ts [dir]` after a build.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startApp } from '@dayframe/e2e-kit';

const dir = process.argv[2] ?? '/tmp/shots-search';
mkdirSync(dir, { recursive: true });
const app = await startApp();

function daysAgo(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.loading, .skeleton'));
  await page.waitForTimeout(250);
}

try {
  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const tag = `${viewport === 'desktop' ? '1280' : '390'}-${theme}`;
      const { page, token } = await app.signedIn(
        'Ada Lovelace',
        `ada-${tag}@example.com`,
        viewport,
        { timezoneId: 'UTC' },
      );
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const call = (method: string, path: string, body?: unknown) =>
        app.api.call(method, path, { token, body }).then((r) => r.body);
      const travel = await call('POST', '/api/journals', { title: 'Travel log' });
      const morning = await call('POST', '/api/journals', { title: 'Morning pages' });
      await call('POST', `/api/entry/${travel._id}`, {
        title: 'Lisbon, at last',
        content:
          'Coffee at the Café Brasileira, then tram 28 up to the castle. The light on the river in the evening was worth the whole trip.',
        date: daysAgo(365),
      });
      await call('POST', `/api/entry/${travel._id}`, {
        title: 'Porto bookshops',
        content: 'A café with a window seat, a notebook, and <script>alert(1)</script> as a joke.',
        date: daysAgo(40),
      });
      // A year of writing with gaps and a current streak.
      for (let n = 0; n < 330; n += 1) {
        if (n > 6 && (n * 7) % 10 < 4) continue;
        const count = 1 + ((n * 13) % 5 === 0 ? 2 : 0) + (n % 11 === 0 ? 1 : 0);
        for (let k = 0; k < count; k += 1)
          await call('POST', `/api/entry/${morning._id}`, {
            title: `Morning ${n}`,
            content: 'Three pages before the day gets loud.',
            date: daysAgo(n),
          });
      }
      await call('POST', '/api/goals', {
        title: 'Find a favourite café to write in',
        description: 'Somewhere quiet with a window seat and good coffee',
        dateDue: daysAgo(-30),
        dateSet: daysAgo(3),
      });

      await page.goto('/dashboard');
      await settle(page);
      await page.screenshot({ path: join(dir, `${tag}-dashboard.png`), fullPage: true });

      await page.goto('/search?q=cafe');
      await settle(page);
      await page.screenshot({ path: join(dir, `${tag}-search.png`), fullPage: true });

      await page.goto('/search?q=zebra');
      await settle(page);
      await page.screenshot({ path: join(dir, `${tag}-search-empty.png`) });

      await page.goto('/dashboard');
      await settle(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('caf');
      await page.waitForTimeout(600);
      await settle(page);
      await page.screenshot({ path: join(dir, `${tag}-palette.png`) });
    }
  }
} finally {
  await app.stop();
}
console.log(`Screenshots in ${dir}`);
