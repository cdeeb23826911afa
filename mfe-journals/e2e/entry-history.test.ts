import { describe, expect, it } from 'vitest';
import { appForSuite, expectToast } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

describe("an entry's History in Chromium", () => {
  const app = appForSuite();

  it('lists the versions two saves kept, shows what changed, and restores the first by keyboard', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel log' },
    });
    const first = 'Landed in Lisbon.\nThe tram was full.';
    const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'Lisbon', content: first, date: '2026-11-02' },
    });
    await page.goto(`/journals/${journal.body._id}/entries/${entry.body._id}`);
    const content = page.getByLabel('Content');
    await eventually(() => content.inputValue()).toBe(first);

    // Two saves: each keeps the text it replaced.
    const second = 'Landed in Lisbon.\nThe tram was full, so we walked.';
    const third = 'Landed in Lisbon.\nWe walked up to the castle.\nPastéis at dusk.';
    for (const text of [second, third]) {
      await content.fill(text);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Entry updated!');
    }

    const toggle = page.getByRole('button', { name: 'Show history' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const versions = page.getByRole('list', { name: 'Earlier versions' }).getByRole('button');
    await eventually(() => versions.count()).toBe(2);
    // Newest first: the second text (14 characters longer than the first), then the first.
    expect(await versions.nth(0).innerText()).toContain(`+${second.length - first.length}`);
    expect(await versions.nth(1).innerText()).toContain(`+${first.length} characters`);

    // The first version against the saved entry: its line removed, the current ones added.
    await versions.nth(1).focus();
    await page.keyboard.press('Enter');
    const changes = page.getByRole('list', { name: 'Content changes' });
    await eventually(() => changes.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Landed in Lisbon.'),
      expect.stringMatching(/^−\s*Removed: The tram was full\.$/),
      expect.stringMatching(/^\+\s*Added: We walked up to the castle\.$/),
      expect.stringMatching(/^\+\s*Added: Pastéis at dusk\.$/),
    ]);

    await page.getByRole('button', { name: 'Restore this version' }).press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
    await dialog.getByRole('button', { name: 'Restore' }).press('Enter');
    await expectToast(page, 'Version restored');
    await eventually(() => content.inputValue()).toBe(first);
    // The view it came from is gone: focus waits on the History heading.
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      'History',
    );
    // The restore kept the text it replaced: a third version, the newest.
    await eventually(() => versions.count()).toBe(3);
    expect(await versions.nth(0).innerText()).toContain(
      `+${third.length - second.length} characters`,
    );
    const saved = await app.api.call('GET', `/api/entry/${journal.body._id}/${entry.body._id}`, {
      token,
    });
    expect(saved.body.content).toBe(first);
  });
});
