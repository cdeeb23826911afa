import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  blockingViolations,
  confirmItsYou,
  confirmItsYouDialog,
  expectToast,
  focusedControl,
  openPrerenderedForm,
  startApp,
  type App,
} from '@dayframe/e2e-kit';

/** The server allows one code per account per minute; the code flows below wait that out. */
const CODE_COOLDOWN_MS = 61_000;

async function openSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

describe('settings in Chromium, through the shell and the real gateway', () => {
  let app: App;
  // Signed in before the other tests so the one-minute code cooldown has mostly run out by the
  // time the code flows need a fresh code.
  let pat: Awaited<ReturnType<App['signedIn']>>;
  let quinn: Awaited<ReturnType<App['signedIn']>>;
  let codesSentAt = 0;

  beforeAll(async () => {
    app = await startApp();
    await app.signedIn('Ada Admin', 'ada@example.com');
    pat = await app.signedIn('Pat Doe', 'pat@example.com');
    quinn = await app.signedIn('Quinn Roe', 'quinn@example.com', 'phone');
    codesSentAt = Date.now();
  }, 60_000);
  afterAll(() => app?.stop());

  it('applies a theme at once and keeps it across a reload', async () => {
    const { page } = await app.signedIn('Theo', 'theo@example.com');
    await openSettings(page);
    const select = page.getByLabel('Theme');
    expect(await select.inputValue()).toBe('light');
    await select.selectOption('business');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('business');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('business');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('business');
    expect(await page.getByLabel('Theme').inputValue()).toBe('business');
    // The shell's own pages use the same theme.
    await page.goto('/dashboard');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('business');
  });

  it('profile: refuses unchanged values and a new address without a code, then saves a new name', async () => {
    const { page } = await app.signedIn('Robin', 'robin@example.com');
    await openSettings(page);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/update')) requests.push(r.method());
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Name and email are the same');
    expect(requests).toEqual([]);

    // A new address asks for the code mailed to the current one before anything is sent.
    await page.getByLabel('Email').fill('pat@example.com');
    await expect
      .poll(() => page.getByText('To change your e-mail, enter the code').count())
      .toBe(1);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Enter the 6-digit code.');
    expect(requests).toEqual([]);

    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Name').fill('Robin Hood');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Information successfully saved');
    // The shell's sidebar reads the same session.
    await expect.poll(() => page.locator('aside').getByText('Robin Hood').count()).toBe(1);
    // The new token is the session's: it survives a reload and the server knows the new name.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Robin Hood');
  });

  it(
    'deleting the account asks for the password ("Confirm it\'s you"), then logs out, lands on /signup, and the account is gone',
    { timeout: 60_000 },
    async () => {
      const { page, password, token } = await app.signedIn('Dee', 'dee@example.com');
      await openSettings(page);
      const askToDelete = async () => {
        await page.getByRole('button', { name: 'Delete Account' }).click();
        const dialog = page.getByRole('alertdialog');
        await expect.poll(() => dialog.innerText()).toContain('Delete your account?');
        expect(await dialog.innerText()).toContain('This will permanently remove your account');
        await dialog.getByRole('button', { name: 'Delete Account' }).click();
        return confirmItsYouDialog(page);
      };

      // The session alone is not enough: the dialog asks, and Escape gives up, deleting nothing.
      const first = await askToDelete();
      expect((await focusedControl(page))?.name).toBe('input[password] "Password"');
      await page.keyboard.press('Escape');
      await first.waitFor({ state: 'hidden' });
      expect((await app.api.call('GET', '/api/auth/verify', { token })).status).toBe(200);
      expect(page.url()).toMatch(/\/settings$/);

      // A wrong password is said under the field; the right one deletes without another click.
      const second = await askToDelete();
      await second.getByLabel('Password').fill('not my password');
      await second.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => second.getByRole('alert').innerText()).toBe('Incorrect password');
      expect(await blockingViolations(page)).toEqual([]);
      await confirmItsYou(page, password);
      await page.waitForURL('**/signup', { timeout: 5000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await openPrerenderedForm(page, '/login');
      await page.getByLabel('Email').fill('dee@example.com');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: /log in/i }).click();
      await expectToast(page, 'No user found with email');
    },
  );

  it(
    'changes the password with a mailed code, and a new address goes through /verify',
    async () => {
      const wait = CODE_COOLDOWN_MS - (Date.now() - codesSentAt);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));

      // Password: code from the outbox, then log in with the new password in a fresh page.
      const page = pat.page;
      await openSettings(page);
      const passwordCode = app.nextOutboxCode('pat@example.com');
      await page.getByRole('button', { name: 'Send code' }).click();
      await expectToast(page, 'Verification code sent. Check your email.');
      await expect
        .poll(() => page.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled())
        .toBe(true);
      await page.getByLabel('Code').fill(await passwordCode());
      await page.getByLabel('New Password').fill('a brand new secret');
      await page.getByLabel('Confirm Password').fill('a brand new secret');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password updated');
      // Every older token is retired; the page carries on with the one the change answered.
      const stored = await page.evaluate(() => localStorage.getItem('token'));
      expect(stored).not.toBe(pat.token);
      const old = await app.api.call('GET', '/api/auth/verify', { token: pat.token });
      expect(old.status).toBe(401);
      await page.reload();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

      const fresh = await app.page();
      await openPrerenderedForm(fresh, '/login');
      await fresh.getByLabel('Email').fill('pat@example.com');
      await fresh.getByLabel('Password').fill(pat.password);
      await fresh.getByRole('button', { name: /log in/i }).click();
      await expectToast(fresh, 'Incorrect password');
      await fresh.getByLabel('Password').fill('a brand new secret');
      await fresh.getByRole('button', { name: /log in/i }).click();
      await fresh.waitForURL('**/dashboard', { timeout: 5000 });

      // A new e-mail address: proven with a code to the current one, saved, then verified
      // before the app opens again.
      const phone = quinn.page;
      await openSettings(phone);
      await phone.getByLabel('Email').fill('quinn@new.example');
      const emailCode = app.nextOutboxCode('quinn@example.com');
      await phone.getByRole('button', { name: 'Send code to my e-mail' }).click();
      await expectToast(phone, 'Verification code sent. Check your email.');
      await phone.getByLabel('Code from your current e-mail').fill(await emailCode());
      await phone.getByRole('button', { name: 'Save Changes' }).click();
      await phone.waitForURL('**/verify', { timeout: 5000 });
      await expectToast(phone, 'Information successfully saved');
      await phone.getByLabel('Verification code').fill(await app.outboxCode('quinn@new.example'));
      await phone.getByRole('button', { name: 'Verify' }).click();
      await phone.waitForURL('**/dashboard', { timeout: 5000 });
      await openSettings(phone);
      expect(await phone.getByLabel('Email').inputValue()).toBe('quinn@new.example');
    },
    CODE_COOLDOWN_MS + 60_000,
  );
});
