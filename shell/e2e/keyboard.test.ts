import { describe, expect, it } from 'vitest';
import { keyboardWalk, appForSuite } from '@dayframe/e2e-kit';

// Every key waits for the page: on a busy machine a walk takes a while.
describe(
  'signing up and logging in with the keyboard alone, in Chromium',
  { timeout: 90_000 },
  () => {
    const app = appForSuite();

    it('signs up, enters the mailed code, logs out and logs back in with Tab, typing and Enter', async () => {
      const page = await app.page();
      const keys = keyboardWalk(page);
      await page.goto('/');
      await keys.tabTo(page.getByRole('link', { name: 'Get started' }).first());
      await keys.press('Enter');
      await page.waitForURL('**/signup');

      await keys.tabTo(page.getByLabel('Name'));
      await keys.type('Ada Lovelace');
      await keys.tabTo(page.getByLabel('Email'));
      await keys.type('ada@example.com');
      await keys.tabTo(page.getByLabel('Password', { exact: true }));
      await keys.type('correct horse battery');
      await keys.tabTo(page.getByLabel('Confirm Password'));
      await keys.type('correct horse battery');
      await keys.tabTo(page.getByRole('button', { name: 'Sign Up' }));
      await keys.press('Enter');
      await page.waitForURL('**/verify');

      const code = page.getByLabel('Verification code');
      await code.waitFor();
      if (!(await keys.isFocused(code))) await keys.tabTo(code);
      await keys.type(await app.outboxCode('ada@example.com'));
      await keys.press('Enter');
      await page.waitForURL('**/dashboard');

      await keys.tabTo(page.getByRole('button', { name: 'Log Out' }));
      await keys.press('Enter');
      await page.waitForURL('**/signup');
      await keys.tabTo(page.getByRole('link', { name: 'Log In' }));
      await keys.press('Enter');
      await page.waitForURL('**/login');

      await keys.tabTo(page.getByLabel('Email'));
      await keys.type('ada@example.com');
      await keys.tabTo(page.getByLabel('Password'));
      await keys.type('correct horse battery');
      await keys.press('Enter');
      await page.waitForURL('**/dashboard');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toContain('Ada Lovelace');

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });
  },
);
