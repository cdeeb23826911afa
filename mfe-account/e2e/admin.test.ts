import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDatabase } from '@dayframe/service-kit/db';
import {
  blockingViolations,
  confirmItsYou,
  confirmItsYouDialog,
  expectToast,
  focusedControl,
  startApp,
  type App,
} from '@dayframe/e2e-kit';

/** The e-mail addresses in the table's rows, top to bottom. */
function emails(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-of-type').allInnerTexts();
}

describe('the admin panel in Chromium, through the shell and the real gateway', () => {
  let app: App;
  let admin: Awaited<ReturnType<App['signedIn']>>;
  let member: Awaited<ReturnType<App['signedIn']>>;

  beforeAll(async () => {
    app = await startApp();
    // The first account of an app is its admin.
    admin = await app.signedIn('Ada Admin', 'ada@example.com');
    member = await app.signedIn('Grace Member', 'grace@example.com');
    for (let i = 1; i <= 12; i++) {
      const answer = await app.api.call('POST', '/api/auth/signup', {
        body: {
          name: `Person ${String(i).padStart(2, '0')}`,
          email: `person${i}@example.com`,
          password: 'correct horse battery',
        },
      });
      expect(answer.status).toBe(201);
    }
  }, 60_000);
  afterAll(() => app?.stop());

  it('a non-admin sees Access Denied, no menu entry, and the API refuses them', async () => {
    const page = member.page;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/users'],
      ['DELETE', `/api/admin/users/${admin.user._id}`],
    ] as const) {
      const answer = await app.api.call(method, path, { token: member.token });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard', { timeout: 5000 });
  });

  it('lists, pages and searches the users', async () => {
    const page = admin.page;
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Admin Panel' }).first().click();
    await page.waitForURL('**/admin');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByText('Showing 1–10 of 14 users').count()).toBe(1);
    expect(await emails(page)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `person${12 - i}@example.com`),
    ]);
    const header = await page.locator('thead th').allInnerTexts();
    expect(header.map((h) => h.trim().toLowerCase())).toEqual([
      'name',
      'email',
      'role',
      'created',
      'verified',
      'second factor',
      'actions',
    ]);
    expect(await page.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await emails(page)).toEqual([
      'person2@example.com',
      'person1@example.com',
      'grace@example.com',
      'ada@example.com',
    ]);
    const adminRow = page.locator('tbody tr', { hasText: 'ada@example.com' });
    expect(await adminRow.getByText('admin', { exact: true }).count()).toBe(1);
    expect(await adminRow.getByText('Verified', { exact: true }).count()).toBe(1);
    const personRow = page.locator('tbody tr', { hasText: 'person1@example.com' });
    expect(await personRow.getByText('Not verified').count()).toBe(1);
    // The server refuses to delete admins: their delete stays inert.
    const inert = adminRow.getByRole('button', { name: /^Delete ada@example.com/ });
    expect(await inert.getAttribute('aria-disabled')).toBe('true');
    await inert.dispatchEvent('click');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill('person1');
    await page.getByText('Page 1 of 1').waitFor();
    expect((await emails(page)).sort()).toEqual([
      'person10@example.com',
      'person11@example.com',
      'person12@example.com',
      'person1@example.com',
    ]);
    await search.fill('admin');
    await expect.poll(() => emails(page)).toEqual(['ada@example.com']);
    await search.fill('nobody at all');
    await page.getByText('No users found').waitFor();
  });

  it('shows whether a second factor guards each account, in words a screen reader reads', async () => {
    // Issue 28's tables, written as the set-up screens would leave them: person11 has a passkey,
    // person10 an authenticator app still being set up (not on yet), person9 one that is on.
    const db = createDatabase({ dataDir: app.dataDir });
    try {
      const idOf = async (email: string) => (await db('users').where({ email }).first('id')).id;
      const key = randomUUID();
      await db('passkeys').insert({
        id: key,
        user_id: await idOf('person11@example.com'),
        credential_key: key.replaceAll('-', '').padEnd(64, '0'),
        credential_id: 'credential',
        public_key: 'key',
        name: 'Laptop',
        created_at: new Date().toISOString(),
      });
      await db('totp_factors').insert([
        { user_id: await idOf('person10@example.com'), secret_enc: 'x', enabled_at: null },
        {
          user_id: await idOf('person9@example.com'),
          secret_enc: 'x',
          enabled_at: new Date().toISOString(),
        },
      ]);
    } finally {
      await db.destroy();
    }
    const page = admin.page;
    await page.goto('/admin');
    await page.getByText('Page 1 of 2').waitFor();
    const header = await page.locator('thead th').allInnerTexts();
    expect(header.map((h) => h.trim().toLowerCase())).toContain('second factor');
    const column = header.findIndex((h) => h.trim().toLowerCase() === 'second factor');
    const secondFactor = (email: string) =>
      page
        .locator('tbody tr', { hasText: email })
        .locator(':is(th, td)')
        .nth(column)
        .innerText()
        .then((text) => text.trim());
    await expect.poll(() => secondFactor('person11@example.com')).toBe('On');
    expect(await secondFactor('person10@example.com')).toBe('Off');
    expect(await secondFactor('person9@example.com')).toBe('On');
    expect(await secondFactor('person12@example.com')).toBe('Off');
    // The cell's accessible text is the word itself (the shield beside "On" is hidden).
    const cell = page.locator('tbody tr', { hasText: 'person11@example.com' }).locator('td').nth(4);
    expect(await cell.getAttribute('role')).toBeNull();
    expect((await cell.ariaSnapshot()).trim()).toBe('- cell "On"');
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/tfa-admin-desktop.png' });
  });

  it('deletes one user after the confirm and the password, by keyboard alone', async () => {
    const page = admin.page;
    await page.goto('/admin');
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Delete person12@example.com' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('Delete user?');
    expect(await dialog.innerText()).toContain('This will permanently remove person12@example.com');
    // Focus starts on Cancel; Tab reaches Delete.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // A copied admin token is not enough: "Confirm it's you" asks, focus in its password field.
    await confirmItsYouDialog(page);
    expect((await focusedControl(page))?.name).toBe('input[password] "Password"');
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await expectToast(page, 'User successfully deleted');
    await page.getByText('Showing 1–10 of 13 users').waitFor();
    expect(await emails(page)).not.toContain('person12@example.com');
    const list = await app.api.call('GET', '/api/admin/users', { token: admin.token });
    expect(list.body.map((u: any) => u.email)).not.toContain('person12@example.com');
  });

  it('Delete All asks for DELETE, then leaves only the admins', async () => {
    const page = admin.page;
    await page.goto('/admin');
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Delete All' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('12 accounts');
    const confirm = dialog.getByRole('button', { name: 'Delete All' });
    await page.keyboard.type('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByLabel(/Type DELETE to confirm/).fill('');
    await page.keyboard.type('DELETE');
    expect(await confirm.isDisabled()).toBe(false);
    await page.keyboard.press('Enter');
    // Confirmed a moment ago, but the page was loaded again since: the confirmation lived in
    // its memory only, so it asks again.
    await confirmItsYou(page, admin.password);
    await expectToast(page, '12 users deleted');
    await expect.poll(() => emails(page)).toEqual(['ada@example.com']);
    expect(await page.getByText('Page 1 of 1').count()).toBe(1);
    // The figures that enable Delete All come from their own request, which can land after the
    // list's.
    await expect
      .poll(() => page.getByRole('button', { name: 'Delete All' }).isDisabled())
      .toBe(true);
    const list = await app.api.call('GET', '/api/admin/users', { token: admin.token });
    expect(list.body.map((u: any) => u.email)).toEqual(['ada@example.com']);
  });

  it('shows cards on a phone', async () => {
    for (let i = 1; i <= 3; i++) {
      await app.api.call('POST', '/api/auth/signup', {
        body: { name: `Phone ${i}`, email: `phone${i}@example.com`, password: 'correct horse' },
      });
    }
    const page = await app.page('phone');
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
    await page.goto('/admin');
    await page.getByText('Page 1 of 1').waitFor();
    expect(await page.locator('table').count()).toBe(0);
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    // The paging line can show a moment before the cards of the page it counts.
    await expect.poll(() => cards.count()).toBe(4);
    // Each card says whether a second factor guards the account, under its own label.
    const adminCard = cards.filter({ hasText: 'ada@example.com' });
    expect(await adminCard.getByText('Second factor').count()).toBe(1);
    expect((await adminCard.locator('[data-second-factor]').innerText()).trim()).toBe('Off');
    await page.screenshot({ path: '/tmp/tfa-admin-phone.png', fullPage: true });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await cards.first().getByRole('button', { name: 'Delete phone3@example.com' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // A new page holds no confirmation: it asks again.
    await confirmItsYou(page, admin.password);
    await expectToast(page, 'User successfully deleted');
    // The toast can show before the list re-renders without the deleted card.
    await expect.poll(() => cards.count()).toBe(3);
  });
});
