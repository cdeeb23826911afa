import { describe, expect, it } from 'vitest';
import { keyboardWalk, appForSuite } from '@dayframe/e2e-kit';

// Every key waits for the page: on a busy machine a walk takes a while.
describe(
  'the calendar with the keyboard alone, in Chromium through the shell',
  { timeout: 90_000 },
  () => {
    const app = appForSuite();

    it("opens today's list and an item with Tab and Enter, and Escape walks back to the day", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const { page, token } = await app.signedIn('Cleo', 'cleo@example.com', 'desktop', {
        timezoneId: 'UTC',
      });
      const journal = await app.api.call('POST', '/api/journals', {
        token,
        body: { title: 'Morning pages', description: 'Daily' },
      });
      await app.api.call('POST', `/api/entry/${journal.body._id}`, {
        token,
        body: { title: 'A quiet start', content: 'Wrote three pages.', date: today },
      });
      await app.api.call('POST', '/api/goals', {
        token,
        body: { title: 'Call grandma', description: 'Sunday.', dateDue: today, dateSet: today },
      });
      const keys = keyboardWalk(page);
      await page.goto('/calendar');
      const day = page.locator(`[role="gridcell"][data-date="${today}"]`);
      await day.getByRole('button', { name: /A quiet start/ }).waitFor();

      // Today is the grid's one Tab stop; Enter opens its list of items.
      await keys.tabTo(day);
      await keys.press('Enter');
      const list = page.getByRole('dialog', { name: /\d{4}$/ });
      await list.waitFor();
      const item = list.getByRole('button', { name: /A quiet start/ });
      await keys.tabTo(item);
      await keys.press('Enter');
      const shown = page.getByRole('dialog', { name: 'A quiet start' });
      await shown.getByText('Wrote three pages.').waitFor();

      await keys.press('Escape');
      await expect.poll(() => shown.count()).toBe(0);
      await expect.poll(() => keys.isFocused(item)).toBe(true);
      await keys.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => keys.isFocused(day)).toBe(true);

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });
  },
);
