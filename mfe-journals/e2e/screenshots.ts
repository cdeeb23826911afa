// Screenshots of every journals screen, empty and filled, at desktop and phone sizes, for a
// person to look at: `node --import tsx mfe-journals/e2e/screenshots.ts [dir]` after a build.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startApp } from '@dayframe/e2e-kit';

const dir = process.argv[2] ?? '/tmp/shots-journals';
mkdirSync(dir, { recursive: true });
const app = await startApp();

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.loading'));
  await page.waitForTimeout(150);
}

async function shot(page: Page, name: string, path?: string) {
  if (path) await page.goto(path);
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

try {
  for (const viewport of ['desktop', 'phone'] as const) {
    const tag = viewport === 'desktop' ? '1280' : '390';
    const { page, token } = await app.signedIn(
      'Ada Lovelace',
      `ada-${viewport}@example.com`,
      viewport,
    );
    const call = (method: string, path: string, body?: unknown) =>
      app.api.call(method, path, { token, body }).then((r) => r.body);

    await shot(page, `${tag}-01-journals-empty`, '/journals');
    await shot(page, `${tag}-02-quick-entry-no-journals`, '/entry');
    await page.goto('/journals/create');
    await page.getByLabel('Title').fill('Morning pages');
    await shot(page, `${tag}-03-create-journal`);

    const morning = await call('POST', '/api/journals', {
      title: 'Morning pages',
      description: 'Three pages, first thing, before the day gets loud.',
    });
    await call('POST', '/api/journals', { title: 'Travel log', description: '' });
    const empty = await call('POST', '/api/journals', {
      title: 'Reading notes with a rather long title that wraps onto two lines',
      description:
        'Quotes, questions and the odd argument with an author. Books finished this year and the ones I gave up on, with a line about why.',
    });
    const days = ['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];
    for (const [i, date] of days.entries()) {
      await call('POST', `/api/entry/${morning._id}`, {
        title: i === 2 ? '' : `Day ${i + 1}: ${['Rain', 'Fog', 'Sun', 'Wind', 'Frost'][i]}`,
        content:
          i === 3
            ? 'Short one.'
            : 'Woke before the alarm and wrote for twenty minutes. The coffee was too strong, the light through the kitchen window was perfect.\nAfterwards a walk around the block, thinking about the week ahead and what actually matters.\nA third line.\nAnd a fourth line that should be cut off in the preview.',
        date,
      });
    }
    const entries = await call('GET', `/api/entry/${morning._id}`);

    await shot(page, `${tag}-04-journals-filled`, '/journals');
    await shot(page, `${tag}-05-journal-filled`, `/journals/${morning._id}`);
    await page.getByRole('button', { name: 'New Entry' }).click();
    await shot(page, `${tag}-06-journal-new-entry-form`);
    await shot(page, `${tag}-07-journal-no-entries`, `/journals/${empty._id}`);
    await shot(page, `${tag}-08-edit-journal`, `/journals/${morning._id}/edit`);
    await page.getByRole('button', { name: 'Delete journal' }).click();
    await shot(page, `${tag}-09-edit-journal-delete-dialog`);
    await shot(page, `${tag}-10-entry`, `/journals/${morning._id}/entries/${entries[0]._id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await shot(page, `${tag}-11-entry-delete-dialog`);
    await shot(page, `${tag}-12-quick-entry-add`, '/entry');
    await page.getByLabel('Journal').selectOption({ label: 'Morning pages' });
    await page.getByLabel('Date').fill('2026-11-05');
    await shot(page, `${tag}-13-quick-entry-update`);
    await shot(
      page,
      `${tag}-14-journal-not-found`,
      '/journals/00000000-0000-4000-8000-000000000000',
    );
    await page.goto('/journals/create');
    await page.getByLabel('Title').fill('x');
    await page.getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Create' }).focus();
    await shot(page, `${tag}-15-create-disabled`);
    await page.goto(`/journals/${morning._id}/edit`);
    await settle(page);
    await page.getByRole('button', { name: 'Update' }).click();
    await shot(page, `${tag}-16-edit-unchanged-toast`);
  }
  console.log(`screenshots in ${dir}`);
} finally {
  await app.stop();
}
