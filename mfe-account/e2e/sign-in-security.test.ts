// Issue 28 in Chromium, through the shell and the real gateway: passkeys made by a virtual
// authenticator (Chromium's DevTools protocol), the authenticator app with codes computed as a
// phone computes them, recovery codes, and the login's second step. The page is opened on
// http://localhost:<port>: a WebAuthn relying party id must be a domain, never 127.0.0.1, and
// identity's default RP id and origin (outside production) are localhost and that address.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addVirtualAuthenticator,
  authenticatorCode,
  blockingViolations,
  confirmItsYou,
  confirmItsYouDialog,
  expectToast,
  localhostUrl,
  startApp,
  turnOnAuthenticatorApp,
  type App,
} from '@dayframe/e2e-kit';

/** `SCREENSHOTS=<dir>` keeps a picture of each new screen, desktop and phone, to look at. */
const SHOTS = process.env.SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const section = page.getByRole('region', { name: 'Sign-in and security' });
  const target = (await section.count()) ? section : page;
  await target.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function expectAccessible(page: Page, screen: string) {
  const found = await blockingViolations(page);
  expect(found, `${screen}: ${found.join('\n')}`).toEqual([]);
}

async function openSecurity(page: Page) {
  await page.goto('/settings#sign-in-and-security');
  await page.getByRole('heading', { name: 'Sign-in and security' }).waitFor();
  await page
    .getByRole('region', { name: 'Sign-in and security' })
    .getByRole('heading', { name: 'Passkeys' })
    .waitFor();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/signup');
}

async function logInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect.poll(() => page.locator('#root').getAttribute('data-page')).toBe('app');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('sign-in and security in Chromium', { timeout: 120_000 }, () => {
  let app: App;
  let base = '';

  beforeAll(async () => {
    app = await startApp();
    base = localhostUrl(app.url);
  }, 60_000);
  afterAll(() => app?.stop());

  it('adds a passkey in Settings, signs in with it without an e-mail, confirms with it and removes it', async () => {
    const { page, password } = await app.signedIn('Pia Key', 'pia@example.com', 'desktop', {
      baseURL: base,
    });
    const authenticator = await addVirtualAuthenticator(page);
    await openSecurity(page);
    expect(await page.getByText('No passkeys yet.').count()).toBe(1);
    await shoot(page, 'settings-security-off-desktop');

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const name = page.getByLabel('Passkey name');
    expect(await name.inputValue()).toMatch(/^Chrom(e|ium) on Linux$/);
    await name.fill('Test laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await confirmItsYou(page, password); // adding a way in needs a fresh step-up
    await expectToast(page, 'Passkey added.');
    const list = page.getByRole('list', { name: 'Passkeys' });
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/Test laptop[\s\S]*Added .* · Never used/)]);
    expect(await authenticator.credentials()).toHaveLength(1);
    await expectAccessible(page, 'settings with a passkey');

    // Log out, then in with the passkey alone: no e-mail typed.
    await logOut(page);
    await page.goto('/login');
    await expect.poll(() => page.locator('#root').getAttribute('data-page')).toBe('app');
    expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByLabel('Email').count()).toBe(0);

    await openSecurity(page);
    await expect.poll(() => list.innerText()).toMatch(/Last used /);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'settings-security-passkey-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Rename in place.
    await page.getByRole('button', { name: 'Rename Test laptop' }).click();
    await page.getByLabel('New name for Test laptop').fill('Work laptop');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Passkey renamed.');

    // Remove: the step-up dialog offers the passkey, and the passkey confirms it.
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
    const dialog = await confirmItsYouDialog(page);
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectToast(page, 'Passkey removed.');
    await page.getByText('No passkeys yet.').waitFor();

    // The authenticator still holds it, but Dayframe no longer knows it.
    await logOut(page);
    await page.goto('/login');
    await expect.poll(() => page.locator('#root').getAttribute('data-page')).toBe('app');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(page, 'That passkey is not registered with Dayframe.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sets up the authenticator app, then logs in with a code and with a recovery code', async () => {
    const email = 'tom@example.com';
    const { page, password } = await app.signedIn('Tom Totp', email, 'desktop', {
      baseURL: base,
    });
    await openSecurity(page);
    await page.getByRole('button', { name: 'Set up' }).click();
    await confirmItsYou(page, password);
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Setup key', { exact: true }).inputValue()).replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, 'authenticator app set-up');
    await shoot(page, 'settings-security-qr-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'settings-security-qr-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Save your recovery codes' });
    await panel.waitFor();
    const codes = await panel.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('dayframe-recovery-codes.txt');
    await expectAccessible(page, 'recovery codes');
    await shoot(page, 'settings-security-codes-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'settings-security-codes-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await shoot(page, 'settings-security-on-desktop');

    // Password, then the app's code: a wrong one is refused, then the next step's code lets in
    // (the code just used to turn it on is spent).
    await logOut(page);
    await logInWithPassword(page, email, password);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page, 'login code step');
    await shoot(page, 'login-code-step-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'login-code-step-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    const right = authenticatorCode(secret, { steps: 1 });
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Invalid code. Try again.');

    // The browser's Back returns to the password, and a new login starts over.
    await page.goBack();
    await page.getByLabel('Password').waitFor();
    await logInWithPassword(page, email, password);
    await page.getByLabel('Authentication code').fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // A recovery code, once.
    await logOut(page);
    await logInWithPassword(page, email, password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await openSecurity(page);
    await page.getByText('9 recovery codes left').waitFor();

    await logOut(page);
    await logInWithPassword(page, email, password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Invalid code. Try again.');
  });
});

describe(
  'an installation that requires admins to use a second factor',
  { timeout: 120_000 },
  () => {
    let app: App;
    beforeAll(async () => {
      app = await startApp({ REQUIRE_ADMIN_2FA: 'true' });
    }, 60_000);
    afterAll(() => app?.stop());

    it('sends an admin without one to Sign-in and security from every page, and lets them in once the app is on', async () => {
      // The first account of a development installation is its admin.
      const { page, token, password } = await app.signedIn('Ada Admin', 'ada@example.com');
      for (const path of ['/journals', '/admin']) {
        await page.goto(path);
        await page.waitForURL('**/settings#sign-in-and-security');
        await expect
          .poll(() => page.getByRole('alert').filter({ hasText: 'second factor' }).innerText())
          .toBe(
            'This installation requires admins to use a second factor. Set up an authenticator app or a passkey to continue.',
          );
      }
      await expectAccessible(page, 'settings, second factor required');

      await turnOnAuthenticatorApp(app.api, token, password);
      await page.goto('/admin');
      await page.getByRole('columnheader', { name: 'Second factor' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');
      expect(await page.getByText('requires admins to use a second factor').count()).toBe(0);
    });
  },
);
