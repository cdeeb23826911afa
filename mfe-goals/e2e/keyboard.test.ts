import { describe, expect, it } from 'vitest';
import { keyboardWalk, appForSuite } from '@dayframe/e2e-kit';

// Every key waits for the page: on a busy machine a walk takes a while.
describe(
  'goals with the keyboard alone, in Chromium through the shell',
  { timeout: 90_000 },
  () => {
    const app = appForSuite();

    it('creates a goal and completes it through the confirm dialog with Tab, Space and Enter only', async () => {
      const { page } = await app.signedIn('Gus', 'gus@example.com');
      const keys = keyboardWalk(page);
      await page.goto('/goals');
      await page.getByText('No goals yet. Start by creating one!').waitFor();

      await keys.tabTo(page.getByRole('button', { name: 'New Goal' }));
      await keys.press('Space');
      const form = page.getByRole('form', { name: 'New Goal' });
      await keys.tabTo(form.getByLabel('Title'));
      await keys.type('Run a half marathon');
      await keys.tabTo(form.getByLabel('Description'));
      await keys.type('Under two hours.');
      await keys.tabTo(form.getByRole('button', { name: 'Add Goal' }));
      await keys.press('Enter');

      const complete = page.getByRole('button', { name: 'Complete "Run a half marathon"' });
      await complete.waitFor();
      await keys.tabTo(complete);
      await keys.press('Enter');
      const ask = page.getByRole('alertdialog', { name: 'Complete goal?' });
      await ask.waitFor();
      // Escape leaves the goal as it was; asking again and choosing Yes completes it.
      await keys.press('Escape');
      await expect.poll(() => ask.count()).toBe(0);
      await expect.poll(() => keys.isFocused(complete)).toBe(true);
      await keys.press('Enter');
      await ask.waitFor();
      const yes = ask.getByRole('button', { name: 'Yes' });
      if (!(await keys.isFocused(yes))) await keys.tabTo(yes);
      await keys.press('Enter');

      await page.getByText('No goals yet. Start by creating one!').waitFor();
      await keys.tabTo(page.getByRole('button', { name: /Past Goals/ }), { backwards: true });
      if (
        (await page.getByRole('button', { name: /Past Goals/ }).getAttribute('aria-expanded')) !==
        'true'
      )
        await keys.press('Enter');
      await page.getByRole('heading', { name: 'Run a half marathon' }).waitFor();
      expect(await page.getByText('Completed', { exact: true }).count()).toBeGreaterThan(0);

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });
  },
);
