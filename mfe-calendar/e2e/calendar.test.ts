import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mediaMarkdown } from '@dayframe/contracts';
import { appForSuite, seedGoals, todayIn, uploadPhoto } from '@dayframe/e2e-kit';

function headerFor(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return `${month} / ${year}`;
}

/** The hue (degrees) of a computed CSS colour, whether Chromium reports oklch or rgb. */
function hueOf(color: string): number {
  const oklch = /oklch\(\s*[\d.]+%?\s+[\d.]+\s+([\d.]+)/.exec(color);
  if (oklch) return Number(oklch[1]);
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return NaN;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** The first column's weekday name as a sighted user sees it (the other stays for screen readers). */
async function weekdayShown(page: Page): Promise<string> {
  const spans = page.getByRole('columnheader').first().locator('span');
  for (const span of await spans.all()) {
    const box = await span.boundingBox();
    if (box && box.width > 2) return span.textContent() as Promise<string>;
  }
  return '';
}

async function heading(page: Page): Promise<string> {
  return page.locator('#calendar-month').innerText();
}

describe('/calendar in Chromium, through the shell and the real gateway', () => {
  const app = appForSuite();

  it('shows an entry, a goal due and a goal completed on one day in blue, yellow and green; the modal opens and Escape closes it', async () => {
    const zone = 'Europe/Berlin';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Cal', 'cal@example.com', 'desktop', {
      timezoneId: zone,
    });
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Morning pages', description: 'Daily' },
    });
    const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: {
        title: 'A quiet start',
        content: '## Morning\n\nWrote **three** [pages](https://example.com).',
        date: today,
        mood: 4,
      },
    });
    await seedGoals(app.api, token, today);

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/calendar')) calls.push(r.url());
    });
    await page.goto('/calendar');
    const day = page.locator(`[role="gridcell"][data-date="${today}"]`);
    await expect.poll(() => day.locator('[data-kind]:visible').count()).toBe(3);
    expect(await day.getAttribute('aria-current')).toBe('date');
    // The day's average mood: a labelled face, not colour alone.
    const mark = day.getByRole('img', { name: 'Average mood: Good (4.0)' });
    expect(await mark.getAttribute('title')).toBe('Average mood: Good (4.0)');
    expect(await mark.isVisible()).toBe(true);
    expect(calls).toHaveLength(1);
    // The shell's sidebar stays on a desktop with this remote's stylesheet loaded.
    expect(await page.getByRole('navigation', { name: 'App' }).isVisible()).toBe(true);

    const style = (kind: string) =>
      day.locator(`button[data-kind="${kind}"]`).evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderLeftColor, line: s.textDecorationLine };
      });
    const entryStyle = await style('entry');
    const dueStyle = await style('due');
    const doneStyle = await style('completed');
    expect(hueOf(entryStyle.border)).toBeGreaterThan(220); // blue
    expect(hueOf(entryStyle.border)).toBeLessThan(280);
    expect(hueOf(dueStyle.border)).toBeGreaterThan(40); // yellow
    expect(hueOf(dueStyle.border)).toBeLessThan(110);
    expect(hueOf(doneStyle.border)).toBeGreaterThan(120); // green
    expect(hueOf(doneStyle.border)).toBeLessThan(170);
    expect(doneStyle.line).toBe('line-through');
    expect(entryStyle.line).toBe('none');

    const item = day.getByRole('button', { name: 'Entry: A quiet start' });
    await item.click();
    const dialog = page.getByRole('dialog', { name: 'A quiet start' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The entry's Markdown shows as plain words once the parser's chunk is in.
    await expect
      .poll(() => dialog.getByText('Wrote three pages.', { exact: false }).count())
      .toBe(1);
    expect(await dialog.innerText()).not.toMatch(/##|\*\*|\]\(/);
    const details = dialog.getByRole('link', { name: 'View details' });
    expect(await details.getAttribute('href')).toBe(
      `/journals/${journal.body._id}/entries/${entry.body._id}`,
    );
    const [tab] = await Promise.all([page.context().waitForEvent('page'), details.click()]);
    await tab!.waitForLoadState('domcontentloaded');
    expect(new URL(tab!.url()).pathname).toBe(
      `/journals/${journal.body._id}/entries/${entry.body._id}`,
    );
    await tab!.close();

    await page.bringToFront();
    await dialog.getByRole('link', { name: 'View details' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Entry: A quiet start',
    );

    await day.getByRole('button', { name: 'Goal completed: Read a book' }).click();
    const goal = page.getByRole('dialog', { name: 'Read a book' });
    expect(await goal.locator('.badge').innerText()).toBe('Completed');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('crosses the year boundary with the arrows, one call per grid, and returns with Today', async () => {
    const { page } = await app.signedIn('Yael', 'yael@example.com', 'desktop', {
      timezoneId: 'UTC',
    });
    const calls: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/calendar')) calls.push(new URL(r.url()));
    });
    await page.goto('/calendar');
    const today = todayIn('UTC');
    await expect.poll(() => heading(page)).toBe(headerFor(today));
    expect(await weekdayShown(page)).toBe('Monday');
    const [year, month] = today.split('-').map(Number) as [number, number];
    // Forward to January of next year, then back to December.
    for (let m = month; m <= 12; m++)
      await page.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => heading(page)).toBe(`1 / ${year + 1}`);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => heading(page)).toBe(`12 / ${year}`);
    await expect.poll(() => calls.length).toBe(12 - month + 3);
    const last = calls.at(-1)!;
    const firstCell = await page.locator('[role="gridcell"]').first().getAttribute('data-date');
    const lastCell = await page.locator('[role="gridcell"]').last().getAttribute('data-date');
    expect(last.searchParams.get('from')).toBe(firstCell);
    expect(last.searchParams.get('to')).toBe(lastCell);
    const january = calls.at(-2)!;
    expect(january.searchParams.get('from')!.startsWith(`${year}-12-`)).toBe(true);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => heading(page)).toBe(headerFor(today));

    // The keyboard reaches every day: Tab lands on today, Page Down turns the month.
    await page.locator(`[data-date="${today}"]`).focus();
    await page.keyboard.press('PageDown');
    await expect
      .poll(() => heading(page))
      .toBe(month === 12 ? `1 / ${year + 1}` : `${month + 1} / ${year}`);
  });

  for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
    it(`rings the local today in ${timeZone}`, async () => {
      const email = `cal-${timeZone.replace(/\W/g, '').toLowerCase()}@example.com`;
      const { page } = await app.signedIn('Tia', email, 'phone', { timezoneId: timeZone });
      await page.goto('/calendar');
      const today = todayIn(timeZone);
      await expect.poll(() => heading(page)).toBe(headerFor(today));
      const ringed = page.locator('[aria-current="date"]');
      expect(await ringed.count()).toBe(1);
      expect(await ringed.getAttribute('data-date')).toBe(today);
      // Abbreviated weekday names on a phone, Monday first.
      expect(await weekdayShown(page)).toBe('Mon');
    });
  }

  it("shows an entry's first photo in the day's list, and nothing for an entry without one", async () => {
    const zone = 'UTC';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Ines', 'ines@example.com', 'phone', {
      timezoneId: zone,
    });
    await page.goto('/calendar');
    const photo = await uploadPhoto(page, token, 160);
    const journal = await app.api.call('POST', '/api/journals', { token, body: { title: 'J' } });
    for (const [title, content] of [
      ['Picnic', `Lunch outside. ${mediaMarkdown(photo, 'the blanket')}`],
      ['Just words', 'Nothing to see.'],
    ])
      expect(
        (
          await app.api.call('POST', `/api/entry/${journal.body._id}`, {
            token,
            body: { title, content, date: today },
          })
        ).status,
      ).toBe(201);
    await page.reload();
    const day = page.locator(`[data-date="${today}"]`);
    await expect.poll(() => day.locator('[data-kind]:visible').count()).toBe(2);
    await day.click();
    const list = page.getByRole('dialog');
    const picnic = list.getByRole('button', { name: /Picnic/ });
    await expect.poll(() => picnic.locator('img').count()).toBe(1);
    expect(await picnic.locator('img').getAttribute('src')).toMatch(
      new RegExp(`^/api/media/${photo}/file\\?`),
    );
    await expect
      .poll(() => picnic.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await list
        .getByRole('button', { name: /Just words/ })
        .locator('img')
        .count(),
    ).toBe(0);
  });

  it("opens a day's list from a tap on a phone", async () => {
    const zone = 'Asia/Tokyo';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Pia', 'pia@example.com', 'phone', {
      timezoneId: zone,
    });
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      await app.api.call('POST', '/api/goals', {
        token,
        body: { title, description: 'x', dateDue: today, dateSet: today },
      });
    }
    await page.goto('/calendar');
    const day = page.locator(`[data-date="${today}"]`);
    await expect.poll(() => day.locator('[data-kind]:visible').count()).toBe(4);
    await day.click();
    const list = page.getByRole('dialog');
    await expect.poll(() => list.getByRole('button').count()).toBe(5);
    await list.getByRole('button', { name: /Three/ }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Three' }).count()).toBe(1);
  });

  it('shows four items of a busy day on a desktop, the row grown to fit, and the rest behind +N more', async () => {
    const zone = 'UTC';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Bea', 'bea@example.com', 'desktop', {
      timezoneId: zone,
    });
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await app.api.call('POST', '/api/goals', {
        token,
        body: { title, description: 'x', dateDue: today, dateSet: today },
      });
    }
    await page.goto('/calendar');
    const day = page.locator(`[role="gridcell"][data-date="${today}"]`);
    await expect.poll(() => day.locator('[data-kind]:visible').count()).toBe(4);
    expect(await day.getByRole('button', { name: /^\+1 more on / }).isVisible()).toBe(true);
    // Nothing is cut off: every item sits wholly inside its cell, which shows all it holds.
    const cell = (await day.boundingBox())!;
    for (const chip of await day.locator('[data-kind]:visible').all()) {
      const box = (await chip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(cell.y);
      expect(box.y + box.height).toBeLessThanOrEqual(cell.y + cell.height + 0.5);
    }
    expect(await day.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  });
});
