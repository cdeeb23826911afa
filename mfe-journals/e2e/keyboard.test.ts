import { describe, expect, it } from 'vitest';
import { keyboardWalk, appForSuite } from '@dayframe/e2e-kit';

// Every key waits for the page: on a busy machine a walk takes a while.
describe(
  'journals with the keyboard alone, in Chromium through the shell',
  { timeout: 90_000 },
  () => {
    const app = appForSuite();

    it('creates a journal, adds an entry and opens it with Tab, Enter and typing only', async () => {
      const { page } = await app.signedIn('Kim', 'kim@example.com');
      const keys = keyboardWalk(page);
      await page.goto('/journals');
      await page.getByText('No journals yet').waitFor();

      await keys.tabTo(page.getByRole('link', { name: 'Create New Journal' }));
      await keys.press('Enter');
      await page.waitForURL('**/journals/create');
      await keys.tabTo(page.getByLabel('Title'));
      await keys.type('Morning pages');
      await keys.tabTo(page.getByLabel('Description'));
      await keys.type('First thing, every day');
      await keys.tabTo(page.getByRole('button', { name: 'Create' }));
      await keys.press('Enter');
      await page.waitForURL('**/journals');

      const card = page.getByRole('link', { name: /Morning pages/ });
      await card.waitFor();
      await keys.tabTo(card);
      await keys.press('Enter');
      await page.waitForURL(/\/journals\/[^/]+$/);

      await keys.tabTo(page.getByRole('button', { name: 'New Entry' }));
      await keys.press('Space');
      const form = page.getByRole('form', { name: 'New Entry' });
      await keys.tabTo(form.getByLabel('Title'));
      await keys.type('Rain');
      await keys.tabTo(form.getByLabel('Content'));
      await keys.type('It rained all day.');
      // Tags as chips and a mood, by keyboard alone: typing, Enter, Backspace, Space.
      const tagBox = form.getByRole('textbox', { name: 'Tags' });
      await keys.tabTo(tagBox);
      await keys.type('weather,mistake');
      await keys.press('Enter');
      await keys.press('Backspace');
      await keys.type('rain');
      await keys.press('Enter');
      await expect
        .poll(() => form.getByRole('list', { name: 'Chosen tags' }).innerText())
        .toMatch(/^#weather\s+#rain$/);
      const okay = form.getByRole('button', { name: 'Okay' });
      await keys.tabTo(okay);
      await keys.press('Space');
      await expect.poll(() => okay.getAttribute('aria-pressed')).toBe('true');
      await keys.tabTo(form.getByRole('button', { name: 'Add Entry' }));
      await keys.press('Enter');

      const entry = page.getByRole('link', { name: /Rain/ });
      await entry.waitFor();
      // The new entry's card comes after the form in the Tab order.
      await keys.tabTo(entry);
      await keys.press('Enter');
      await page.waitForURL(/\/entries\//);
      await expect.poll(() => page.getByLabel('Content').inputValue()).toBe('It rained all day.');
      await expect
        .poll(() => page.getByRole('button', { name: 'Okay' }).getAttribute('aria-pressed'))
        .toBe('true');

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });
  },
);
