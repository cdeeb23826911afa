import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startApp, type App } from '@dayframe/e2e-kit';

// Every modal of the product is web-kit's Dialog, a native <dialog> opened with showModal(). These
// walk one of each kind in Chromium: the browser, not a key handler of ours, must keep focus
// inside, make the page inert, close on Escape and give focus back.

/** Whether focus is inside `dialog` (or on it). */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * Where focus is: in the dialog, out of the page (Chromium lets Tab leave a modal dialog for the
 * browser's own controls, never for the page behind), or on something of the page behind.
 */
function focusPlace(dialog: Locator): Promise<string> {
  return dialog.evaluate((el) => {
    const active = document.activeElement;
    if (el.contains(active)) return 'dialog';
    if (!active || active === document.body) return 'browser';
    return active.outerHTML.slice(0, 120);
  });
}

/** Whether the page behind refuses focus: inert while a modal dialog is open. */
function pageInert(behind: Locator): Promise<boolean> {
  return behind.evaluate((el) => {
    (el as HTMLElement).focus();
    return document.activeElement !== el && document.querySelector('dialog:modal') !== null;
  });
}

/**
 * A click on the dialog's text (not a control) leaves focus in the dialog, and from there Tab and
 * Shift+Tab go round the dialog's controls and never reach the page behind.
 */
async function expectKeysAfterTextClick(page: Page, dialog: Locator, text: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    await text.click();
    expect(await focusInside(dialog)).toBe(true);
    const places: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press(key);
      places.push(await focusPlace(dialog));
    }
    expect(places.filter((place) => place !== 'dialog' && place !== 'browser')).toEqual([]);
    expect(places.filter((place) => place === 'dialog').length).toBeGreaterThanOrEqual(4);
  }
  await text.click();
  expect(await focusInside(dialog)).toBe(true);
}

describe('dialogs in Chromium: native, inert behind, Escape, focus back', () => {
  let app: App;
  let admin: Awaited<ReturnType<App['signedIn']>>;
  beforeAll(async () => {
    app = await startApp();
    // The first account of an app is its admin.
    admin = await app.signedIn('Ada Admin', 'ada@example.com');
  }, 60_000);
  afterAll(() => app?.stop());

  it('a confirmation (Delete goal?) after a click on its text', async () => {
    const { page, token } = await app.signedIn('Gus', 'gus@example.com');
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await app.api.call('POST', '/api/goals', {
      token,
      body: {
        title: 'Learn the cello',
        description: 'Scales.',
        dateDue: '2031-01-01',
        dateSet: today,
      },
    });
    await page.goto('/goals');
    const opener = page.getByRole('button', { name: 'Delete "Learn the cello"' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete goal?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => el.matches('dialog:modal'))).toBe(true);
    // Cancel first: a stray Enter does not delete.
    expect(
      await dialog
        .getByRole('button', { name: 'Cancel' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await pageInert(page.getByRole('button', { name: 'New Goal' }))).toBe(true);

    await expectKeysAfterTextClick(
      page,
      dialog,
      dialog.getByRole('heading', { name: 'Delete goal?' }),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Cancelled: the goal is still there.
    expect(await page.getByText('Learn the cello').count()).toBe(1);
  });

  it("the calendar's stacked day list and item: Escape closes the top one only", async () => {
    const { page, token } = await app.signedIn('Pia', 'pia@example.com', 'phone');
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    for (const title of ['One', 'Two']) {
      await app.api.call('POST', '/api/goals', {
        token,
        body: { title, description: 'A goal for the day.', dateDue: today, dateSet: today },
      });
    }
    await page.goto('/calendar');
    const day = page.locator(`[data-date="${today}"]`);
    await expect.poll(() => day.locator('[data-kind]:visible').count()).toBe(2);
    await day.click();
    const list = page.getByRole('dialog', { name: /\d{4}/ });
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await pageInert(page.getByRole('button', { name: 'Today' }))).toBe(true);

    const chip = list.getByRole('button', { name: /Two/ });
    await chip.click();
    const item = page.getByRole('dialog', { name: 'Two' });
    await expect.poll(() => item.isVisible()).toBe(true);
    await expectKeysAfterTextClick(page, item, item.getByText('A goal for the day.'));
    await page.keyboard.press('Escape');
    await expect.poll(() => item.count()).toBe(0);
    expect(await list.isVisible()).toBe(true);
    expect(await chip.evaluate((el) => el === document.activeElement)).toBe(true);

    await expectKeysAfterTextClick(page, list, list.getByText('2 items'));
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await day.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  it('Delete All: the word field takes focus; Escape cancels and nothing is deleted', async () => {
    await app.verifiedAccount('Grace', 'grace@example.com');
    const { page } = admin;
    await page.goto('/admin');
    const opener = page.getByRole('button', { name: 'Delete All' });
    await expect.poll(() => opener.isEnabled()).toBe(true);
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete all users?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const word = dialog.getByLabel('Type DELETE to confirm');
    expect(await word.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pageInert(page.getByRole('button', { name: 'Refresh' }))).toBe(true);

    await expectKeysAfterTextClick(
      page,
      dialog,
      dialog.getByText('Admin accounts are kept.', { exact: false }),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    const users = await app.api.call('GET', '/api/admin/users', { token: admin.token });
    expect(JSON.stringify(users.body)).toContain('grace@example.com');
  });

  it('the command palette is the same dialog: Ctrl+K, a click inside, Escape, focus back', async () => {
    const { page } = await app.signedIn('Kit', 'kit@example.com');
    await page.goto('/dashboard');
    const opener = page.getByRole('link', { name: /Journals/ }).first();
    await expect.poll(() => opener.isVisible()).toBe(true);
    await opener.focus();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect.poll(() => palette.isVisible()).toBe(true);
    expect(await palette.evaluate((el) => el.matches('dialog:modal'))).toBe(true);
    await palette.getByText('move').click();
    expect(await focusInside(palette)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => palette.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))).toBe(
      await opener.evaluate((el) => el.outerHTML.slice(0, 120)),
    );
  });
});
