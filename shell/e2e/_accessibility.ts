import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  blockingViolations,
  confirmItsYou,
  seedGoals,
  startApp,
  turnOnAuthenticatorApp,
  type App,
} from '@dayframe/e2e-kit';

/**
 * Every screen of the product, signed out and signed in, audited by axe-core in one look (a
 * theme at a size): no serious or critical violation anywhere. Each look is its own test file
 * (`accessibility-<theme>-<size>.test.ts`), so the four run side by side on the suite's workers
 * instead of one file being the longest pole of the run.
 *
 * One app and two pages (a visitor's, a signed-in admin's) visit every screen in turn; each test
 * is one screen and reports every violation found at once.
 */

export type Look = { theme: 'light' | 'dark'; size: 'desktop' | 'phone' };

/** What shows a screen is ready: its text, or an element found some other way. */
type Ready = string | RegExp | ((page: Page) => Locator);

/** A screen is ready when its text is there and nothing is loading any more. */
async function settle(page: Page, ready: Ready): Promise<void> {
  const shown = typeof ready === 'function' ? ready(page) : page.getByText(ready);
  await shown.first().waitFor({ timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.loading:visible, [aria-busy="true"]').count()).toBe(0);
}

// A screen loaded, settled and audited: up to a minute on a busy machine.
export function auditEveryScreen(look: Look): void {
  describe(
    `every screen in Chromium, ${look.theme} theme at ${look.size} size, has no serious or critical axe-core violation`,
    { timeout: 60_000 },
    () => {
      let app: App;
      // A visitor's page and a signed-in admin's page with data of every kind.
      let visitor: Page;
      let member: Page;
      let journalId = '';
      let entryId = '';
      let unverifiedToken = '';
      let adminPassword = '';
      let gracePassword = '';
      const today = new Date().toISOString().slice(0, 10);

      beforeAll(async () => {
        app = await startApp();
        // The first account of an app is its admin: the admin panel lists the others.
        const admin = await app.verifiedAccount('Ada Admin', 'ada@example.com');
        adminPassword = admin.password;
        // Grace has the authenticator app on (issue 28): her login shows the second step.
        const grace = await app.verifiedAccount('Grace Member', 'grace@example.com');
        gracePassword = grace.password;
        await turnOnAuthenticatorApp(app.api, grace.token, grace.password);
        const unverified = await app.api.call('POST', '/api/auth/signup', {
          body: { name: 'Una', email: 'una@example.com', password: 'correct horse battery' },
        });
        unverifiedToken = unverified.body.token;
        const token = admin.token;
        const journal = await app.api.call('POST', '/api/journals', {
          token,
          body: { title: 'Morning pages', description: 'Three pages before coffee.' },
        });
        journalId = journal.body._id;
        const entry = await app.api.call('POST', `/api/entry/${journalId}`, {
          token,
          body: {
            title: 'A quiet start',
            content: 'Wrote about the garden and rain. #morning',
            date: today,
            tags: ['garden'],
            mood: 4,
          },
        });
        entryId = entry.body._id;
        // Tags, a mood and a star: the Tags, tag and Starred screens have something to show.
        await app.api.call('PUT', `/api/entry/${journalId}/${entryId}/star`, {
          token,
          body: { starred: true },
        });
        // A mood yesterday as well: the dashboard's mood chart draws a line, the calendar a mark.
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        await app.api.call('POST', `/api/entry/${journalId}`, {
          token,
          body: { title: 'Rainy', content: '**Grey** all day.', date: yesterday, mood: 2 },
        });
        // A save keeps a version: the entry's History has one to list and compare.
        await app.api.call('PUT', `/api/entry/${journalId}/${entryId}`, {
          token,
          body: { title: 'A quiet start', content: 'Wrote about the garden and the rain.' },
        });
        await app.api.call('POST', `/api/entry/${journalId}`, {
          token,
          body: { title: 'Long walk', content: 'The garden again.', date: '2020-01-02' },
        });
        await seedGoals(app.api, token, today);

        visitor = await app.page(look.size, { timezoneId: 'UTC' });
        member = await app.page(look.size, { timezoneId: 'UTC' });
        const prepare = (context: BrowserContext, session: string | null) =>
          context.addInitScript(
            ([theme, value]) => {
              localStorage.setItem('theme', theme!);
              if (value) localStorage.setItem('token', value);
            },
            [look.theme, session] as const,
          );
        await prepare(visitor.context(), null);
        await prepare(member.context(), token);
      }, 120_000);
      afterAll(() => app?.stop());

      /** Runs `visit` on the page and axe after it; fails with every violation found. */
      async function audit(page: Page, screen: string, visit: (page: Page) => Promise<void>) {
        await visit(page);
        const found = (await blockingViolations(page)).map(
          (violation) => `${screen} [${look.theme}, ${look.size}] ${violation}`,
        );
        expect(found, found.join('\n')).toEqual([]);
      }

      /** A screen reached by its address: `text` shows it is ready. */
      function screenAt(page: () => Page, path: () => string, text: Ready) {
        return async () =>
          audit(page(), path(), async (page) => {
            await page.goto(path());
            await settle(page, text);
          });
      }

      describe('signed out', () => {
        const at = (path: string, text: Ready) =>
          screenAt(
            () => visitor,
            () => path,
            text,
          );
        it('landing', at('/', 'Get started'));
        it('about', at('/about', /FAQ|Frequently/i));
        it('contact', at('/contact', /copy/i));
        it('privacy', at('/privacy', 'Privacy Policy'));
        it('login', at('/login', 'Forgot Password?'));
        it('signup', at('/signup', 'Terms of Service'));
        it('forgot', at('/forgot', 'Reset Password'));
        it('404', at('/no/such/page', 'Page not found'));
        it('login, second step (issue 28)', async () => {
          await audit(visitor, 'login code step', async (page) => {
            await page.goto('/login');
            await expect.poll(() => page.locator('#root').getAttribute('data-page')).toBe('app');
            await page.getByLabel('Email').fill('grace@example.com');
            await page.getByLabel('Password').fill(gracePassword);
            await page.getByRole('button', { name: 'Log In' }).click();
            await settle(page, 'Enter the 6-digit code from your authenticator app.');
          });
        });
        it('verify', async () => {
          await audit(visitor, '/verify', async (page) => {
            await page.goto('/');
            await page.evaluate((value) => localStorage.setItem('token', value), unverifiedToken);
            await page.goto('/verify');
            await settle(page, 'Use a different e-mail');
            await page.evaluate(() => localStorage.removeItem('token'));
          });
        });
      });

      describe('signed in', () => {
        // Phones show a day's items as dots: the day's spoken label counts them on both sizes.
        const calendarReady = (page: Page) =>
          page.locator(`[role="gridcell"][data-date="${today}"]`).filter({ hasText: '3 items' });
        const at = (path: () => string, text: Ready) => screenAt(() => member, path, text);
        it(
          'dashboard',
          // Ready once the mood chart (the last widget to load) has drawn its line.
          at(
            () => '/dashboard',
            (page) => page.getByRole('img', { name: /^Average mood/ }),
          ),
        );
        it(
          'journals',
          at(() => '/journals', 'Morning pages'),
        );
        it(
          'create journal',
          at(() => '/journals/create', 'Cancel'),
        );
        it(
          'journal with entries',
          at(() => `/journals/${journalId}`, 'A quiet start'),
        );
        it(
          'edit journal',
          at(() => `/journals/${journalId}/edit`, 'Update'),
        );
        it(
          'entry',
          at(() => `/journals/${journalId}/entries/${entryId}`, 'Back to Journal'),
        );
        it('entry with History open and a version shown', async () => {
          await audit(member, 'entry history', async (page) => {
            await page.goto(`/journals/${journalId}/entries/${entryId}`);
            await settle(page, 'Back to Journal');
            await page.getByRole('button', { name: 'Show history' }).click();
            await page.getByRole('list', { name: 'Earlier versions' }).getByRole('button').click();
            await settle(page, (page) => page.getByRole('list', { name: 'Content changes' }));
          });
        });
        it(
          'quick entry',
          at(() => '/entry', 'Update Entry'),
        );
        it(
          'search',
          at(() => '/search?q=garden', 'Long walk'),
        );
        it(
          'tags',
          at(() => '/tags', '#morning'),
        );
        it(
          'tag',
          at(() => '/tags/garden', 'A quiet start'),
        );
        it(
          'starred',
          at(() => '/starred', 'A quiet start'),
        );
        it('goals, active and completed', async () => {
          await audit(member, '/goals', async (page) => {
            await page.goto('/goals');
            await settle(page, 'Call grandma');
            await page.getByRole('button', { name: /Past Goals/ }).click();
            await settle(page, 'Read a book');
          });
        });
        it(
          'calendar month with items',
          at(() => '/calendar', calendarReady),
        );
        it(
          'settings',
          // Ready once the space photos and files take has loaded (the last part to).
          at(
            () => '/settings',
            (page) => page.getByRole('meter', { name: 'Space used by photos and files' }),
          ),
        );
        it('settings: setting up the authenticator app (issue 28)', async () => {
          await audit(member, 'settings authenticator set-up', async (page) => {
            await page.goto('/settings#sign-in-and-security');
            await settle(page, 'No passkeys yet.');
            await page.getByRole('button', { name: 'Set up' }).click();
            await confirmItsYou(page, adminPassword);
            await settle(page, (page) =>
              page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
            );
          });
        });
        it(
          'admin panel',
          at(() => '/admin', 'grace@example.com'),
        );

        it("calendar: a day's list and an item open", async () => {
          const day = (page: Page) => page.locator(`[role="gridcell"][data-date="${today}"]`);
          await audit(member, 'calendar day list', async (page) => {
            await page.goto('/calendar');
            await settle(page, calendarReady);
            await day(page).click({ position: { x: 4, y: 4 } });
            await page.getByRole('dialog').getByText('3 items').waitFor();
          });
          await audit(member, 'calendar item', async (page) => {
            await page
              .getByRole('dialog')
              .getByRole('button', { name: /Call grandma/ })
              .click();
            await page.getByRole('dialog', { name: 'Call grandma' }).waitFor();
          });
        });
      });
    },
  );
}
