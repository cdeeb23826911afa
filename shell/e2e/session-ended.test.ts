import { describe, expect, it } from 'vitest';
import { appForSuite, expectToast } from '@dayframe/e2e-kit';

const ENDED = 'Your session has ended. Please log in again.';

describe('a session ended mid-way, in Chromium through the real gateway', () => {
  const app = appForSuite();

  it('signs out once with one message and no error toasts, at /login, where a wrong password still says so', async () => {
    const { page, token, password } = await app.signedIn('Rhea', 'rhea@example.com', 'desktop');
    await page.goto('/journals');
    await expect.poll(() => page.getByRole('heading', { name: 'My Journals' }).count()).toBe(1);

    // Logged out elsewhere: the server revokes the very token this page holds.
    expect((await app.api.call('POST', '/api/auth/logout', { token })).status).toBeLessThan(300);

    // The goals screen asks for both of its lists at once: two refusals, one sign-out.
    await page.getByRole('link', { name: 'Goals' }).first().click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText(ENDED, { exact: true }).count()).toBe(1);
    // Every call the goals screen made has been answered (no request for 500 ms): a late
    // refusal would have added its second message or error toast by now.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(ENDED, { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-kind="error"]').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The login's own refusal keeps its message; the right password signs in again.
    await page.getByLabel('Email').fill('rhea@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: /log in/i }).click();
    await expectToast(page, 'Incorrect password');
    expect(page.url()).toMatch(/\/login$/);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL('**/dashboard');
  });
});
