import { describe, expect, it } from 'vitest';
import { appForSuite } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine. */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

describe('the command palette in Chromium, keyboard only', () => {
  const app = appForSuite();

  it('opens with Ctrl+K, finds an entry as one types and lands on it with Enter', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel log' },
    });
    const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'Lisbon', content: 'Tram 28 up to the castle.', date: '2026-11-02' },
    });
    expect(entry.status).toBe(201);

    await page.goto('/dashboard');
    await eventually(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Ada');
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    const box = page.getByRole('combobox', { name: 'Type a command or search' });

    // `/` opens it too; Escape closes it and gives focus back to what had it.
    await page.getByRole('link', { name: 'Journals' }).first().focus();
    await page.keyboard.press('/');
    await eventually(() => dialog.isVisible()).toBe(true);
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Journals');

    await page.keyboard.press('Control+k');
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('tram cast');
    const found = page.getByRole('option', { name: /^Lisbon, Travel log/ });
    await eventually(() => found.count()).toBe(1);
    // The entry comes first (no command matches); arrows move the active option and back.
    const active = () =>
      box.evaluate(
        (el) =>
          document
            .getElementById(el.getAttribute('aria-activedescendant') ?? '')
            ?.getAttribute('aria-label') ??
          document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent,
      );
    await eventually(active).toMatch(/^Lisbon, Travel log/);
    await page.keyboard.press('ArrowDown');
    await eventually(active).toBe('Search for “tram cast”');
    await page.keyboard.press('ArrowUp');
    await eventually(active).toMatch(/^Lisbon/);
    await page.keyboard.press('Enter');
    await eventually(() => page.url()).toMatch(
      new RegExp(`/journals/${journal.body._id}/entries/${entry.body._id}$`),
    );
    await eventually(() => dialog.isVisible()).toBe(false);
    await eventually(() => page.getByText('Tram 28 up to the castle.').count()).toBeGreaterThan(0);
  }, 120_000);

  it('runs remote commands and the shell’s theme command from the keyboard, and Search for …', async () => {
    const { page } = await app.signedIn('Bea', 'bea@example.com');
    await page.goto('/dashboard');
    await eventually(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Bea');
    const box = page.getByRole('combobox', { name: 'Type a command or search' });

    await page.keyboard.press('Control+k');
    await eventually(() => box.count()).toBe(1);
    await page.keyboard.type('new goal');
    await eventually(() =>
      page.getByRole('option', { name: 'New goal', exact: true }).count(),
    ).toBe(1);
    await page.keyboard.press('Enter');
    await eventually(() => page.url()).toMatch(/\/goals\?new=1$/);
    await eventually(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Goals');

    const before = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
    await page.keyboard.press('Control+k');
    await eventually(() => box.count()).toBe(1);
    await page.keyboard.type('switch theme');
    await eventually(() =>
      page.getByRole('option', { name: /^Switch to (dark|light) theme$/ }).count(),
    ).toBe(1);
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(
      before === 'dark' ? 'light' : 'dark',
    );

    await page.keyboard.press('Control+k');
    await eventually(() => box.count()).toBe(1);
    await page.keyboard.type('zebra crossing');
    await page.keyboard.press('End');
    await eventually(() =>
      page.getByRole('option', { name: 'Search for “zebra crossing”' }).count(),
    ).toBe(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await eventually(() => page.url()).toMatch(/\/search\?q=zebra%20crossing$/);
    await eventually(() => page.getByText('Nothing found').count()).toBe(1);

    // In a text field `/` is a character, not the shortcut. The palette closed on Enter; wait out
    // its fade so that "still hidden" below means `/` did not open it again.
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await eventually(() => palette.isVisible()).toBe(false);
    const searchBox = page.getByRole('searchbox', { name: 'Search your entries and goals' });
    await searchBox.fill('');
    await searchBox.focus();
    await page.keyboard.type('a/b');
    expect(await searchBox.inputValue()).toBe('a/b');
    expect(await palette.isVisible()).toBe(false);
  }, 120_000);
});
