import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRemote, startApp, type App, appForSuite } from '@dayframe/e2e-kit';
import { REPO_ROOT, tempDataDir } from '@dayframe/test-kit';

/** expect.poll with room for a loaded machine. */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `days` before today (UTC, the browser's zone below) as YYYY-MM-DD, and as a heatmap label. */
function daysAgo(days: number, years = 0) {
  const now = new Date();
  const d = new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days),
  );
  return {
    date: d.toISOString().slice(0, 10),
    spoken: `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
  };
}

describe('the dashboard widgets of mfe-journals in Chromium', () => {
  const app = appForSuite();

  it('shows On this day and a year of writing with streaks, each day reachable by keyboard', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com', 'desktop', {
      timezoneId: 'UTC',
    });
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel log' },
    });
    const write = async (title: string, date: string) =>
      expect(
        (
          await app.api.call('POST', `/api/entry/${journal.body._id}`, {
            token,
            body: { title, content: `${title}, written.`, date },
          })
        ).status,
      ).toBe(201);
    const lastYear = daysAgo(0, 1);
    // Feb 29 has no same day last year; the entry is still in the heatmap's window then.
    if (!lastYear.date.endsWith('-02-29')) await write('A year before', lastYear.date);
    await write('Today', daysAgo(0).date);
    await write('Today again', daysAgo(0).date);
    await write('Yesterday', daysAgo(1).date);
    await write('Two days ago', daysAgo(2).date);

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'On this day' });
    await eventually(() => card.getByRole('link').count()).toBe(1);
    expect(await card.innerText()).toContain('1 year ago');
    expect(await card.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^/journals/${journal.body._id}/entries/`),
    );

    const year = page.getByRole('region', { name: 'Your year of writing' });
    await eventually(() => year.innerText()).toMatch(/Current streak\s+3 days/i);
    expect(await year.innerText()).toMatch(/Longest streak\s+3 days/i);
    const today = year.getByRole('gridcell', { name: `2 entries on ${daysAgo(0).spoken}` });
    expect(await today.getAttribute('tabindex')).toBe('0');

    // Tab reaches the heatmap once (today), arrows walk it.
    await today.focus();
    await page.keyboard.press('ArrowUp');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await eventually(focused).toBe(`1 entry on ${daysAgo(1).spoken}`);
    await page.keyboard.press('ArrowLeft');
    await eventually(focused).toBe(`No entries on ${daysAgo(8).spoken}`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await eventually(focused).toBe(`No entries on ${daysAgo(8).spoken}`);
  }, 120_000);
});

describe('the dashboard with mfe-journals down', () => {
  const work = tempDataDir();
  let app: App;
  let close: () => void = () => undefined;

  beforeAll(async () => {
    // mfe-journals still describes itself (and so offers its widget), but its manifest and
    // code answer 404: the widget fails to load.
    const dir = join(work.dir, 'journals-down');
    mkdirSync(dir, { recursive: true });
    cpSync(
      join(REPO_ROOT, 'mfe-journals', 'dist', 'dayframe-remote.json'),
      join(dir, 'dayframe-remote.json'),
    );
    const served = await serveRemote(dir);
    close = served.close;
    const remotesFile = join(work.dir, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify({ mfe_journals: `${served.url}/mf-manifest.json` }));
    app = await startApp({ REMOTES_FILE: remotesFile });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    close();
    work.remove();
  });

  it('still renders the dashboard, without the widgets', async () => {
    const { page } = await app.signedIn('Ada', 'ada@example.com');
    const manifest404: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/mf-manifest.json') && r.status() === 404) manifest404.push(r.url());
    });
    await page.goto('/dashboard');
    await eventually(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Ada');
    await eventually(() => manifest404.length).toBeGreaterThan(0);
    // The placeholder goes once the load has failed, and nothing of the widget shows.
    await eventually(() => page.getByTestId('widget-placeholder').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'On this day' }).count()).toBe(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The rest of the dashboard and the menu work.
    expect(await page.getByRole('link', { name: /Check Calendar/ }).count()).toBe(1);
    await page.getByRole('link', { name: 'Goals' }).first().click();
    await eventually(() => page.getByRole('heading', { name: 'Goals', exact: true }).count()).toBe(
      1,
    );
  }, 120_000);
});
