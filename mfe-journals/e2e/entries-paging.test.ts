import { describe, expect, it } from 'vitest';
import { appForSuite } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

describe("a long journal's entries in Chromium, page by page", () => {
  const app = appForSuite();

  it('shows the first 50, loads the rest on scrolling to the end, and by the Load more button', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Long journal' },
    });
    expect(journal.status).toBe(201);
    // 120 entries, one a day: three pages of 50, 50 and 20, newest first.
    for (let n = 0; n < 120; n += 1) {
      const day = new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
      const made = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
        token,
        body: { title: `Entry ${n + 1}`, content: 'words', date: day },
      });
      expect(made.status).toBe(201);
    }
    const cards = page.locator('main li h3');
    await page.goto(`/journals/${journal.body._id}`);
    await eventually(() => cards.count()).toBe(50);
    expect(await page.getByText('120 entries').count()).toBe(1);
    expect(await cards.first().innerText()).toBe('Entry 120');

    // Scrolling to the end asks for the next page by itself.
    await page.locator('[data-testid="load-more"]').scrollIntoViewIfNeeded();
    await eventually(() => cards.count()).toBe(100);

    // The button does the same from the keyboard.
    const more = page.getByRole('button', { name: 'Load more entries' });
    await more.focus();
    await page.keyboard.press('Enter');
    await eventually(() => cards.count()).toBe(120);
    await eventually(() => more.count()).toBe(0);
    const titles = await cards.allInnerTexts();
    expect(titles).toEqual(Array.from({ length: 120 }, (_, i) => `Entry ${120 - i}`));
  }, 120_000);
});
