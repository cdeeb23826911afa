import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appForSuite,
  expectToast,
  openPrerenderedForm,
  startApp,
  type App,
} from '@dayframe/e2e-kit';

describe('the shell in Chromium, through the real gateway', () => {
  const app = appForSuite();

  it('takes a visitor from the landing page through sign-up and the mailed code to the dashboard', async () => {
    const page = await app.page();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started' }).first().click();
    await page.waitForURL('**/signup', { timeout: 5000 });
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify');
    // A code is sent on arrival; the resend button counts down.
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+s/ }).count()).toBe(1);
    await page.getByLabel('Verification code').fill(await app.outboxCode('ada@example.com'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Email verified!');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain('Ada Lovelace');
    expect(await page.getByText('What would you like to do today?').count()).toBe(1);
  });

  it('shows the login errors of the spec and clears the password', async () => {
    const page = await app.page();
    await openPrerenderedForm(page, '/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('whatever123');
    await page.getByRole('button', { name: /log in/i }).click();
    await expectToast(page, 'No user found with email');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: /log in/i }).click();
    await expectToast(page, 'Incorrect password');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
  });

  it('follows every redirect rule', async () => {
    const visitor = await app.page();
    await visitor.goto('/dashboard');
    await visitor.waitForURL('**/login', { timeout: 5000 });
    await visitor.goto('/journals');
    await visitor.waitForURL('**/login', { timeout: 5000 });

    // An unverified user is always sent to /verify, from the auth screens and the app alike.
    await app.api.call('POST', '/api/auth/signup', {
      body: { name: 'Una', email: 'una@example.com', password: 'correct horse battery' },
    });
    const unverified = await app.page();
    await openPrerenderedForm(unverified, '/login');
    await unverified.getByLabel('Email').fill('una@example.com');
    await unverified.getByLabel('Password').fill('correct horse battery');
    await unverified.getByRole('button', { name: /log in/i }).click();
    await unverified.waitForURL('**/verify', { timeout: 5000 });
    await unverified.goto('/dashboard');
    await unverified.waitForURL('**/verify', { timeout: 5000 });

    // A verified user skips the auth screens and /verify.
    const { page } = await app.signedIn('Vera', 'vera@example.com');
    for (const path of ['/login', '/signup', '/verify']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard', { timeout: 5000 });
    }
    // Log Out from the menu goes to /signup and ends the session, here and on the server: a
    // copy of the token is worth nothing afterwards.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await app.api.call('GET', '/api/auth/verify', { token: token! })).status).toBe(200);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/signup', { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect
      .poll(async () => (await app.api.call('GET', '/api/auth/verify', { token: token! })).status)
      .toBe(401);
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await app.page();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page not found').count()).toBeGreaterThan(0);
    for (const name of ['Go back', 'Home', 'Dashboard', 'Contact support']) {
      expect(
        await page.getByRole('link', { name }).or(page.getByRole('button', { name })).count(),
        name,
      ).toBeGreaterThan(0);
    }
  });

  it('keeps the theme across a reload and applies it before the first paint', async () => {
    const page = await app.page();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // Record the theme as the document is first parsed, before any app code runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstTheme: string | null }).firstTheme =
          document.documentElement.getAttribute('data-theme');
      });
    });
    await page.reload();
    await page.waitForLoadState('domcontentloaded');
    expect(
      await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme),
    ).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(
      'dark',
    );
  });

  it('loads React once across the shell and a remote, and loads the remote only when visited', async () => {
    const { page } = await app.signedIn('Rae', 'rae@example.com');
    const scripts: string[] = [];
    const urls: string[] = [];
    page.on('response', async (response) => {
      urls.push(response.url());
      if (response.request().resourceType() === 'script')
        scripts.push(await response.text().catch(() => ''));
    });
    // Before a visit the shell reads only what the remote owns (its description), not its code.
    const remoteCode = () =>
      urls.filter(
        (u) => u.includes('/remotes/mfe-journals/') && !u.endsWith('/dayframe-remote.json'),
      );
    // Not the dashboard: it shows mfe-journals' widgets, so it loads that remote's code.
    await page.goto('/goals');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Goals', exact: true }).count())
      .toBe(1);
    await expect
      .poll(() => page.getByRole('link', { name: 'Journals' }).count())
      .toBeGreaterThan(0);
    expect(urls.some((u) => u.endsWith('/remotes/mfe-journals/dayframe-remote.json'))).toBe(true);
    expect(remoteCode()).toEqual([]);
    await page.getByRole('link', { name: 'Journals' }).first().click();
    await page.waitForURL('**/journals');
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Journals' }).count())
      .toBeGreaterThan(0);
    expect(remoteCode().length).toBeGreaterThan(0);
    // react-dom's client marks its roots with this property: one copy means one React DOM.
    expect(scripts.filter((s) => s.includes('__reactContainer$')).length).toBe(1);
  });
});

describe('a remote that is down', () => {
  let app: App;
  beforeAll(async () => {
    // Nothing listens on port 9: the goals remote's manifest cannot be fetched.
    app = await startApp({ MFE_GOALS_URL: 'http://127.0.0.1:9/mf-manifest.json' });
  }, 60_000);
  afterAll(() => app?.stop());

  it('shows its fallback with Retry while the other routes keep working', async () => {
    const { page } = await app.signedIn('Gus', 'gus@example.com');
    await page.goto('/goals');
    await expect
      .poll(() => page.getByText("This part of Dayframe couldn't load.").count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Journals' }).first().click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Journals' }).count())
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(() => page.getByText('What would you like to do today?').count()).toBe(1);
  });
});
