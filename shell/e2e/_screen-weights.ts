// The JavaScript each budgeted screen (bench/budgets.ts) makes a browser download: a cold load,
// in a fresh context (empty cache) of the app's one browser, signed in as the screen needs, every
// script until the network is idle and the screen shows, gzipped as the gateway serves it.
import type { Page } from 'playwright-core';
import { recordScripts, type App, type ScriptFile } from '@dayframe/e2e-kit';
import type { ScreenName } from '../../bench/budgets.ts';

type Visitor = 'anonymous' | 'unverified' | 'member' | 'admin';

type Screen = {
  path: string;
  visitor: Visitor;
  /** Resolves once the screen shows its own content (not a spinner, not a redirect). */
  shown(page: Page): Promise<unknown>;
};

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/** Each budgeted screen: where it is, who visits it, what shows it; the entry's at `entryPath`. */
function screens(entryPath: string): Record<ScreenName, Screen> {
  return {
    '/': { path: '/', visitor: 'anonymous', shown: heading('Daily clarity, one entry at a time.') },
    '/login': { path: '/login', visitor: 'anonymous', shown: heading('Log in to Dayframe') },
    '/signup': { path: '/signup', visitor: 'anonymous', shown: heading('Create your account') },
    '/forgot': { path: '/forgot', visitor: 'anonymous', shown: heading('Reset your password') },
    '/verify': {
      path: '/verify',
      visitor: 'unverified',
      shown: (page) => page.getByLabel('Verification code').waitFor(),
    },
    '/dashboard': {
      path: '/dashboard',
      visitor: 'member',
      shown: (page) => page.getByText('What would you like to do today?').waitFor(),
    },
    '/journals': {
      path: '/journals',
      visitor: 'member',
      shown: (page) => page.getByText('Budget journal').first().waitFor(),
    },
    '/journals/:id/entries/:entryId': {
      path: entryPath,
      visitor: 'member',
      // The preview shows the entry rendered: the editor and the renderer have both arrived.
      shown: (page) => page.locator('.md-preview strong', { hasText: 'words' }).waitFor(),
    },
    '/goals': { path: '/goals', visitor: 'member', shown: heading(/goals/i) },
    '/calendar': { path: '/calendar', visitor: 'member', shown: heading(/calendar/i) },
    '/settings': { path: '/settings', visitor: 'member', shown: heading(/settings/i) },
    '/admin': { path: '/admin', visitor: 'admin', shown: heading('Admin Panel') },
  };
}

/**
 * Readies `app`, a fresh app, for weighing the budgeted screens: its first account becomes the
 * admin, a second is the member with a journal and an entry, a third signs up and stays
 * unverified (the only visitor `/verify` shows itself to). `weigh` loads one screen cold.
 */
export async function screensOf(app: App) {
  const admin = await app.verifiedAccount('Ada Admin', 'budget-admin@example.com');
  const member = await app.verifiedAccount('Mia Member', 'budget-member@example.com');
  const signup = await app.api.call<{ token: string }>('POST', '/api/auth/signup', {
    body: { name: 'Una', email: 'budget-una@example.com', password: 'correct horse battery' },
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const journal = await app.api.call<{ _id: string }>('POST', '/api/journals', {
    token: member.token,
    body: { title: 'Budget journal', description: 'What the budgets load' },
  });
  if (journal.status !== 201) throw new Error(`create journal answered ${journal.status}`);
  const entry = await app.api.call<{ _id: string }>('POST', `/api/entry/${journal.body._id}`, {
    token: member.token,
    body: { title: 'A day', content: 'Some **words** of a day.', date: '2026-11-20' },
  });
  if (entry.status !== 201) throw new Error(`create entry answered ${entry.status}`);

  const tokens: Record<Visitor, string | null> = {
    anonymous: null,
    unverified: signup.body.token,
    member: member.token,
    admin: admin.token,
  };
  const all = screens(`/journals/${journal.body._id}/entries/${entry.body._id}`);
  return {
    weigh(name: ScreenName): Promise<ScriptFile[]> {
      const screen = all[name];
      return weighScreen(app, screen, tokens[screen.visitor]);
    },
  };
}

async function weighScreen(app: App, screen: Screen, token: string | null): Promise<ScriptFile[]> {
  const page = await app.page('desktop');
  try {
    if (token)
      await page.context().addInitScript((value) => {
        try {
          localStorage.setItem('token', value);
        } catch {
          // about:blank has no storage
        }
      }, token);
    const scripts = recordScripts(page);
    await page.goto(screen.path, { waitUntil: 'networkidle' });
    await screen.shown(page);
    await page.waitForLoadState('networkidle');
    const at = new URL(page.url()).pathname;
    if (at !== screen.path) throw new Error(`${screen.path} ended on ${at}`);
    return await scripts.since();
  } finally {
    await page.context().close();
  }
}
