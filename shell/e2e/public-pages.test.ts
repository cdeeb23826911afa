// The prerendered public pages (shell/scripts/prerender.tsx) through the real gateway, in
// Chromium: their text is in the HTML itself, a repeat visit costs only revalidations, the
// phone menu and the theme work before any app code runs, and the app takes over without a
// page load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isHashedAsset, recordNetwork, startApp, type App } from '@dayframe/e2e-kit';
import { VIEWPORTS } from '@dayframe/test-kit';

/** Each public page's heading and a line of its body, as the product spec words them. */
const PAGES: { path: string; status?: number; texts: string[] }[] = [
  {
    path: '/',
    texts: [
      'Daily clarity, one entry at a time.',
      'Dayframe brings your journal, your goals and your calendar into one calm place.',
      'How it works',
      'Start your first entry today',
    ],
  },
  {
    path: '/about',
    texts: [
      'About Dayframe',
      'Dayframe is a private journal with dated goals and a calendar that shows both.',
    ],
  },
  { path: '/contact', texts: ['Contact support', 'Questions, a problem, or a request to delete'] },
  { path: '/privacy', texts: ['Privacy Policy', 'Dayframe is private by default.'] },
  { path: '/login', texts: ['Log in to Dayframe', 'Welcome back. Pick up where you left off.'] },
  { path: '/signup', texts: ['Create your account', 'It takes under a minute.'] },
  { path: '/forgot', texts: ['Reset your password', 'e-mail you a 6-digit code'] },
  {
    path: '/no-such-file.txt',
    status: 404,
    texts: ['Page not found', 'The page you are looking for does not exist or has moved.'],
  },
];

function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('the prerendered public pages', () => {
  let app: App;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = (await app.page()).context().browser()!;
  }, 60_000);
  afterAll(() => app?.stop());

  it("has every public page's main text in the HTML response itself, and shows it without JavaScript", async () => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: app.url,
      viewport: VIEWPORTS.desktop,
    });
    try {
      for (const { path, status = 200, texts } of PAGES) {
        const response = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
        expect(response.status, path).toBe(status);
        const html = decode(await response.text());
        for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);

        const page = await noScript.newPage();
        await page.goto(path);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(texts[0]);
        await page.close();
      }
    } finally {
      await noScript.close();
    }
  });

  it('shows the phone menu open when scripts are off, since its button cannot work', async () => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: app.url,
      viewport: VIEWPORTS.phone,
    });
    try {
      const page = await noScript.newPage();
      await page.goto('/about');
      const menu = page.locator('#public-menu');
      await expect.poll(() => menu.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    } finally {
      await noScript.close();
    }
  });

  it('downloads no app code on a first visit of the landing page', async () => {
    const page = await app.page();
    const network = await recordNetwork(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const scripts = network
      .list()
      .filter((f) => f.type === 'Script')
      .map((f) => new URL(f.url).pathname);
    expect(scripts.sort()).toEqual(['/public-pages.js', '/theme-init.js']);
  });

  it('revalidates a repeat visit with 304s and re-downloads no hashed asset', async () => {
    const page = await app.page();
    const network = await recordNetwork(page);
    for (const path of ['/', '/login']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const mark = network.mark();
      await page.goto('about:blank');
      await page.goto(path, { waitUntil: 'networkidle' });
      const again = network.list(mark);
      expect(again.length, path).toBeGreaterThan(1);
      for (const fetched of again) {
        if (isHashedAsset(fetched.url))
          expect([fetched.url, fetched.fromCache]).toEqual([fetched.url, true]);
        else expect([fetched.url, fetched.fromCache || fetched.status]).toEqual([fetched.url, 304]);
      }
      const html = again.find((f) => new URL(f.url).pathname === path)!;
      expect(html.status, path).toBe(304);
    }
  });

  it("opens and closes the landing's phone menu and applies the saved or system theme before the app runs", async () => {
    const page = await app.page('phone');
    await page.goto('/');
    const menu = page.locator('#public-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Home',
      'About',
      'Login',
      'Sign Up',
    ]);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);

    // The saved theme is on <html> in the first paint; without one, the system's dark applies.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForSelector('h1');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
    const dark = await background();
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    const light = await background();
    expect(light).not.toBe(dark);
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await background()).toBe(dark);
  });

  it('goes from the landing through the phone menu to Log in and into the dashboard without a page load', async () => {
    const { password } = await app.verifiedAccount('Grace', 'grace@example.com');
    const page = await app.page('phone');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#public-menu').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Grace');
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(errors).toEqual([]);

    // Back on the prerendered /login, now hydrated, the signed-in visitor is sent on as before.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
  });

  it('goes back from the prerendered 404 page before any app code runs', async () => {
    const page = await app.page();
    await page.goto('/about');
    await page.goto('/missing.txt');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/about');
  });

  it('hydrates the prerendered pages with forms and buttons without a mismatch, keeping their titles', async () => {
    for (const path of ['/login', '/signup', '/forgot', '/contact']) {
      const page: Page = await app.page();
      const errors: string[] = [];
      page.on('console', (m) => m.type() !== 'log' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(path);
      const prerendered = await page.title();
      await expect.poll(() => page.locator('#root').getAttribute('data-page')).toBe('app');
      await page.waitForLoadState('networkidle');
      if (path !== '/contact') {
        // Typing works once hydrated: React owns the field.
        await page.getByLabel('Email').fill('someone@example.com');
        await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('someone@example.com');
      }
      expect(await page.title(), path).toBe(prerendered);
      expect(
        errors.filter((e) => !e.includes('401')),
        path,
      ).toEqual([]);
      await page.close();
    }
  });
});
