import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildRemote, serveRemote, startApp, type App } from '@dayframe/e2e-kit';
import { REPO_ROOT, tempDataDir } from '@dayframe/test-kit';
import { WEB_KIT_VERSION } from '@dayframe/web-build';
import { MENU_WITH_MILESTONES } from '../src/features/remotes/testing/milestones-menu.ts';

const FIXTURE = 'mfe-goals/e2e/fixtures/milestones.rspack.config.ts';
// A web kit of this major with a minor the app does not have yet.
const NEWER_KIT = `^${WEB_KIT_VERSION.split('.')[0]}.99.0`;
/** The build the gateway serves itself: the version before the one under test. */
const PREVIOUS_GOALS = '/remotes/mfe-goals/mf-manifest.json';

function menuLabels(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'App' }).first().getByRole('link').allInnerTexts();
}

/**
 * One gateway and one shell build for the whole file: every change below is a remote published
 * through REMOTES_FILE, with nothing rebuilt or restarted on the shell's side.
 */
describe('a remote shipped on its own, against the running shell', () => {
  const work = tempDataDir();
  const remotesFile = join(work.dir, 'remotes.json');
  const closers: (() => void)[] = [];
  let app: App;
  let milestones: string;
  let newerKit: string;
  let undescribedCalendar: string;

  function publish(remotes: Record<string, string>) {
    writeFileSync(remotesFile, JSON.stringify(remotes));
  }

  beforeAll(async () => {
    publish({});
    // Both variants at once, each to its own folder: about as long as one build.
    const [milestonesDir, newerKitDir] = [join(work.dir, 'milestones'), join(work.dir, 'newer')];
    const [started] = await Promise.all([
      startApp({ REMOTES_FILE: remotesFile }),
      buildRemote(FIXTURE, milestonesDir),
      buildRemote(FIXTURE, newerKitDir, { REMOTE_REQUIRE_WEB_KIT: NEWER_KIT }),
    ]);
    app = started;
    // The calendar as deployed by a build that publishes no description.
    const calendarDir = join(work.dir, 'calendar');
    cpSync(join(REPO_ROOT, 'mfe-calendar', 'dist'), calendarDir, { recursive: true });
    rmSync(join(calendarDir, 'dayframe-remote.json'));
    const served = await Promise.all(
      [milestonesDir, newerKitDir, calendarDir].map((dir) => serveRemote(dir)),
    );
    for (const s of served) closers.push(s.close);
    const manifest = (i: number) => `${served[i]!.url}/mf-manifest.json`;
    [milestones, newerKit, undescribedCalendar] = [manifest(0), manifest(1), manifest(2)];
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    for (const close of closers) close();
    work.remove();
  });

  it('(a) goes live with its new route and menu item on the next page load', async () => {
    // The first account is the admin: the whole menu, Admin Panel included.
    const { page } = await app.signedIn('Mila', 'mila@example.com');
    await page.goto('/dashboard');
    await expect.poll(() => menuLabels(page)).toContain('Goals');
    expect(await menuLabels(page)).not.toContain('Milestones');
    await page.goto('/milestones');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);

    publish({ mfe_goals: milestones });
    await page.goto('/dashboard');
    await expect.poll(() => menuLabels(page)).toEqual([...MENU_WITH_MILESTONES, 'Admin Panel']);
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Milestones' })
      .click();
    await page.waitForURL('**/milestones');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Milestones', level: 1 }).count())
      .toBe(1);
    // The rest of that remote, and the other remotes, still work.
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Goals' })
      .click();
    await expect.poll(() => page.getByText('No goals yet. Start by creating one!').count()).toBe(1);
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Journals' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Journals', level: 1 }).count())
      .toBe(1);
  });

  it('(c) rolls back by pointing REMOTES_FILE at the previous build', async () => {
    publish({ mfe_goals: milestones });
    const { page } = await app.signedIn('Rollo', 'rollo@example.com');
    await page.goto('/milestones');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Milestones', level: 1 }).count())
      .toBe(1);

    publish({ mfe_goals: PREVIOUS_GOALS });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await page.goto('/goals');
    await expect.poll(() => page.getByRole('heading', { name: 'Goals', level: 1 }).count()).toBe(1);
    expect(await menuLabels(page)).not.toContain('Milestones');
    expect(requested.some((url) => url.includes('/remotes/mfe-goals/remoteEntry'))).toBe(true);
    expect(
      requested.some((url) => url.startsWith(milestones.replace('mf-manifest.json', ''))),
    ).toBe(false);
  });

  it('(b) a remote needing a newer web kit shows its message in its place; the rest works', async () => {
    publish({ mfe_goals: newerKit });
    const { page } = await app.signedIn('Kit', 'kit@example.com');
    await page.goto('/goals');
    await expect
      .poll(
        () => page.getByText('This part of Dayframe needs a newer version of the app.').count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    // The kit's version grows with every addition; the message names the one this shell has.
    expect(
      await page
        .getByText(`built for web kit ${NEWER_KIT}, but this app provides ${WEB_KIT_VERSION}.`, {
          exact: false,
        })
        .count(),
    ).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    // Its menu items are there (it described itself); the other remotes and the dashboard work.
    expect(await menuLabels(page)).toContain('Milestones');
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await page.waitForURL('**/calendar');
    await expect.poll(() => page.getByRole('grid').count()).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect.poll(() => page.getByText('What would you like to do today?').count()).toBe(1);
  });

  it('a remote that does not describe itself loses its menu items, not the app', async () => {
    publish({ mfe_calendar: undescribedCalendar });
    const { page } = await app.signedIn('Cal', 'cal@example.com');
    await page.goto('/dashboard');
    await expect
      .poll(() => menuLabels(page))
      .toEqual(['Dashboard', 'Journals', 'New Entry', 'Goals', 'Settings']);
    await page.goto('/calendar');
    await expect.poll(() => page.getByText("This part of Dayframe couldn't load.").count()).toBe(1);
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Goals' })
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Goals', level: 1 }).count()).toBe(1);
  });
});
