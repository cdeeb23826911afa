// Stored XSS: markup and script in every text field a user can write (name, journal title and
// description, entry title and content, goal title and description), stored through the API,
// must come back on every screen as the literal text, inert. The pages run with the CSP
// bypassed, so what is tested is the rendering itself, not the CSP standing in front of it
// (headers.test.ts checks the CSP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type App } from '@dayframe/e2e-kit';
import { attack } from './_summary.ts';

const P = {
  name: `<img src=x onerror="window.__xss='name'">Ada`,
  otherName: `<svg/onload="window.__xss='other'">Bob`,
  journalTitle: `<script>window.__xss='journal title'</script>Trips`,
  journalDescription: `<img src=x onerror="window.__xss='journal description'">notes`,
  entryTitle: `"><svg onload="window.__xss='entry title'">Lisbon`,
  entryContent: `<iframe srcdoc="<script>parent.__xss='entry content'</script>"></iframe>[tap](javascript:window.__xss='link')`,
  goalTitle: `<img src=x onerror="window.__xss='goal title'">Run`,
  goalDescription: `<details open ontoggle="window.__xss='goal description'">5k</details>`,
  doneTitle: `<a href="javascript:window.__xss='done'">Read</a>`,
} as const;

/** Today as the browser (UTC) and the calendar's current month see it. */
const TODAY = new Date().toISOString().slice(0, 10);

describe('stored XSS in Chromium (embedded gateway, built front ends)', () => {
  let app: App;
  let token: string;
  let journalId: string;
  let entryId: string;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    // The first account is the admin, so its page lists the other account too.
    const me = await app.signedIn(P.name, 'xss@example.com');
    token = me.token;
    await app.api.call('POST', '/api/auth/signup', {
      body: { name: P.otherName, email: 'other@example.com', password: 'correct horse battery' },
    });
    const create = async (path: string, body: unknown) => {
      const reply = await app.api.call('POST', path, { token, body });
      expect(reply.status, reply.text).toBe(201);
      return reply.body._id as string;
    };
    journalId = await create('/api/journals', {
      title: P.journalTitle,
      description: P.journalDescription,
    });
    entryId = await create(`/api/entry/${journalId}`, {
      title: P.entryTitle,
      content: P.entryContent,
      date: TODAY,
    });
    await create('/api/goals', {
      title: P.goalTitle,
      description: P.goalDescription,
      dateDue: TODAY,
      dateSet: TODAY,
    });
    const done = await create('/api/goals', {
      title: P.doneTitle,
      description: 'finished',
      dateDue: TODAY,
      dateSet: TODAY,
    });
    const complete = await app.api.call('PUT', `/api/goals/${done}/complete`, {
      token,
      body: { currentDate: TODAY },
    });
    expect(complete.status).toBe(200);
    // Playwright's bypassCSP: an injected handler would really run here.
    page = await app.page('desktop', { timezoneId: 'UTC', ...({ bypassCSP: true } as object) });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }, 120_000);
  afterAll(() => app?.stop());

  /**
   * Visits `path`, waits for every expected text, runs `then` (which may open more and return
   * what it revealed), then looks for anything that ran or was injected.
   */
  async function visit(path: string, expected: string[], then?: (page: Page) => Promise<string[]>) {
    await page.goto(path);
    await expect
      .poll(
        async () => {
          const shown = await shownText(page);
          return expected.filter((t) => !shown.includes(t));
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
    const fields = [...expected, ...((await then?.(page)) ?? [])];
    await page.waitForTimeout(200); // an onerror or onload would have fired by now
    for (const field of fields) {
      await attack('stored XSS rendered in a page', async () => {
        expect(
          await page.evaluate(() => (window as { __xss?: unknown }).__xss),
          field,
        ).toBeUndefined();
      });
    }
    const injected = await page.evaluate(() => ({
      handlers: [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      ),
      scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).length,
      frames: document.querySelectorAll('iframe').length,
      jsLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      badImages: document.querySelectorAll('img[src="x"]').length,
    }));
    expect(injected, path).toEqual({
      handlers: [],
      scripts: 0,
      frames: 0,
      jsLinks: 0,
      badImages: 0,
    });
  }

  it('/journals shows the journal title and description as text', async () => {
    await visit('/journals', [P.journalTitle, P.journalDescription]);
  });

  it('/journals/:id shows the journal and its entry as text', async () => {
    await visit(`/journals/${journalId}`, [P.journalTitle, P.entryTitle]);
  });

  it('the entry page shows the entry title and content as text', async () => {
    await visit(`/journals/${journalId}/entries/${entryId}`, [P.entryTitle, P.entryContent]);
  });

  it('/goals shows active and completed goals as text', async () => {
    await visit('/goals', [P.goalTitle, P.goalDescription], async (p) => {
      await p.getByText('Past Goals').click();
      await expect.poll(() => shownText(p), { timeout: 5_000 }).toContain(P.doneTitle);
      return [P.doneTitle];
    });
  });

  it('/calendar shows the day’s entry and goals as text, and the entry’s content in its modal', async () => {
    await visit('/calendar', [P.entryTitle, P.goalTitle], async (p) => {
      await p
        .getByRole('button', { name: /Lisbon$/ })
        .first()
        .click();
      await expect.poll(() => shownText(p), { timeout: 5_000 }).toContain(P.entryContent);
      return [P.entryContent];
    });
  });

  it('/dashboard greets the user by the name as text', async () => {
    await visit('/dashboard', [P.name]);
  });

  it('/admin lists the users by name as text', async () => {
    await visit('/admin', [P.name, P.otherName]);
  });
});

/** What the page shows: its rendered text and the values in its form fields. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map(
        (field) => (field as HTMLInputElement).value,
      ),
    ].join('\n'),
  );
}
