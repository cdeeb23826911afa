import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticatorCode,
  confirmItsYouDialog,
  keyboardWalk,
  startApp,
  type App,
} from '@dayframe/e2e-kit';

// Every key waits for the page: on a busy machine a walk takes a while.
describe(
  'settings and the admin panel with the keyboard alone, in Chromium through the shell',
  { timeout: 90_000 },
  () => {
    let app: App;
    let admin: Awaited<ReturnType<App['signedIn']>>;
    beforeAll(async () => {
      app = await startApp();
      // The first account of an app is its admin.
      admin = await app.signedIn('Ada Admin', 'ada@example.com');
      await app.verifiedAccount('Grace Member', 'grace@example.com');
    }, 60_000);
    afterAll(() => app?.stop());

    it('changes the theme by typing its initial and saves a new name with Tab, typing and Enter', async () => {
      const { page } = admin;
      const keys = keyboardWalk(page);
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

      const theme = page.getByLabel('Theme');
      await keys.tabTo(theme);
      const before = await theme.inputValue();
      // A closed select picks an option by its first letter; Chromium's headless popup does not
      // take arrow keys.
      await keys.type(before === 'dark' ? 'l' : 'd');
      await expect.poll(() => theme.inputValue()).not.toBe(before);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
        .toBe(await theme.inputValue());

      await keys.tabTo(page.getByLabel('Name'));
      await keys.press('ControlOrMeta+A');
      await keys.type('Ada Lovelace');
      await keys.tabTo(page.getByRole('button', { name: 'Save Changes' }));
      await keys.press('Enter');
      await expect
        .poll(
          async () => (await app.api.call('GET', '/api/auth/verify', { token: admin.token })).body,
        )
        .toMatchObject({ user: { name: 'Ada Lovelace' } });

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });

    it('turns the authenticator app on with the keyboard alone (issue 28)', async () => {
      const { page, password } = await app.signedIn('Kim Keys', 'kim@example.com');
      const keys = keyboardWalk(page);
      await page.goto('/settings#sign-in-and-security');
      const setUp = page.getByRole('button', { name: 'Set up' });
      await setUp.waitFor();
      await keys.tabTo(setUp);
      await keys.press('Enter');
      // The step-up dialog starts in its password field.
      const dialog = await confirmItsYouDialog(page);
      await keys.type(password);
      await keys.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      const key = page.getByLabel('Setup key', { exact: true });
      await key.waitFor();
      const secret = (await key.inputValue()).replace(/\s/g, '');
      await keys.tabTo(page.getByLabel('Code from the app'));
      await keys.type(authenticatorCode(secret));
      await keys.press('Enter');
      // The codes take focus as they appear; "I saved them" is a Tab or two away.
      const panel = page.getByRole('region', { name: 'Save your recovery codes' });
      await panel.waitFor();
      await keys.tabTo(panel.getByRole('button', { name: 'I saved them' }));
      await keys.press('Enter');
      await page.getByText('10 recovery codes left').waitFor();
      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });

    it('deletes a user through the confirm dialog with Tab and Enter only', async () => {
      const { page } = admin;
      const keys = keyboardWalk(page);
      await page.goto('/admin');
      const remove = page.getByRole('button', { name: 'Delete grace@example.com' });
      await remove.waitFor();
      await keys.tabTo(remove);
      await keys.press('Enter');
      const ask = page.getByRole('alertdialog');
      await ask.waitFor();
      const confirm = ask.getByRole('button', { name: 'Delete' });
      if (!(await keys.isFocused(confirm))) await keys.tabTo(confirm);
      await keys.press('Enter');
      // "Confirm it's you": focus starts in the password field; typing and Enter confirm.
      const password = (await confirmItsYouDialog(page)).getByLabel('Password');
      expect(await keys.isFocused(password)).toBe(true);
      await keys.type(admin.password);
      await keys.press('Enter');
      await expect.poll(() => page.getByText('grace@example.com').count()).toBe(0);

      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });
  },
);
