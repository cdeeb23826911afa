// A prerendered form page shows its fields before the app has hydrated them. On a slow phone a
// visitor types, and may even submit, in that window: what they typed and sent must reach the
// app (shell/public/theme-init.js holds the submit, auth/early-input.ts hands both to React).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForSuite, formIsHydrated } from '@dayframe/e2e-kit';

/** Holds the app's script until `release()`: the page stays as prerendered, fields and all. */
async function withAppHeldBack(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest())
      documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return { release, documents };
}

/** Opens `path` as the HTML arrives, without waiting for the (held) app script. */
async function openBeforeTheApp(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('button').last().waitFor();
}

describe('a form used before the app has taken it over, in Chromium', () => {
  const app = appForSuite();

  it('logs in with what was typed and sent before the app ran, without posting the page', async () => {
    const { password } = await app.verifiedAccount('Early Bird', 'early@example.com');
    const page = await app.page('phone');
    const held = await withAppHeldBack(page);
    await openBeforeTheApp(page, '/login');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    // Nothing happens yet: the submit waits for the app instead of reloading the page.
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(formIsHydrated)).toBe(false);

    held.release();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toContain('Early Bird');
    expect(held.documents).toEqual(['GET /login']);
  });

  it('signs up with a name and address typed before the app ran and the rest after', async () => {
    const page = await app.page();
    const held = await withAppHeldBack(page);
    await openBeforeTheApp(page, '/signup');
    await page.getByLabel('Name').fill('Quick Typist');
    await page.getByLabel('Email').fill('typist@example.com');

    held.release();
    await page.waitForFunction(formIsHydrated);
    // The fields typed early still show, and the app now knows them too.
    expect(await page.getByLabel('Name').inputValue()).toBe('Quick Typist');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify');
    // The account is the one typed early: its code went to that address, under that name.
    const code = await app.outboxCode('typist@example.com');
    const verified = await app.api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'typist@example.com', otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.name).toBe('Quick Typist');
    expect(held.documents).toEqual(['GET /signup']);
  });
});
