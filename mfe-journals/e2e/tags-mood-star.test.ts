import { describe, expect, it } from 'vitest';
import { appForSuite } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

describe('tags, mood and the star in Chromium', { timeout: 120_000 }, () => {
  const app = appForSuite();

  it('tags by chip and #word, a mood, a star, the Tags, tag and Starred screens, rename, palette and operators', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel log' },
    });
    expect(journal.status).toBe(201);
    const journalId: string = journal.body._id;

    // Write: a chip typed in Tags, a #word in the text, and a mood.
    await page.goto(`/journals/${journalId}`);
    await page.getByRole('button', { name: 'New Entry' }).click();
    const form = page.getByRole('form', { name: 'New Entry' });
    await form.getByLabel('Title').fill('Lisbon');
    await form.getByLabel('Content').fill('Tram 28 up the hill with #Friends.');
    await form.getByRole('textbox', { name: 'Tags' }).fill('Travel');
    await form.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await eventually(() => form.getByRole('button', { name: 'Remove tag travel' }).count()).toBe(1);
    await eventually(() => form.getByRole('list', { name: 'From your text:' }).innerText()).toBe(
      '#friends',
    );
    await form.getByRole('button', { name: 'Good' }).click();
    expect(await form.getByRole('button', { name: 'Good' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await form.getByRole('button', { name: 'Add Entry' }).click();

    // The card shows both tags and the mood's word.
    const card = page.getByRole('link', { name: /Lisbon/ });
    await eventually(() => card.count()).toBe(1);
    await eventually(() => card.innerText()).toContain('#travel');
    expect(await card.innerText()).toContain('#friends');
    expect(await card.innerText()).toContain('Good');

    // Star it on its page; it is then on Starred, marked in words.
    await card.click();
    await page.waitForURL(/\/entries\//);
    await page.getByRole('button', { name: 'Star entry' }).click();
    const unstar = page.getByRole('button', { name: 'Unstar entry' });
    await eventually(() => unstar.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/starred');
    const starred = page.getByRole('link', { name: /Lisbon/ });
    await eventually(() => starred.count()).toBe(1);
    expect(await starred.textContent()).toContain('Starred');

    // Tags lists both; renaming travel moves the entry under the new name.
    await page.goto('/tags');
    const tags = page.getByRole('list', { name: 'Tags' });
    await eventually(() => tags.getByRole('link').allInnerTexts()).toEqual([
      expect.stringMatching(/#friends\s+1 entry/),
      expect.stringMatching(/#travel\s+1 entry/),
    ]);
    await page.getByRole('button', { name: 'Rename tag travel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rename #travel' });
    await dialog.getByRole('textbox', { name: 'New name' }).fill('no way');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await eventually(() => dialog.getByText(/must be 1–32 letters/).count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'New name' }).fill('trips');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await eventually(() => tags.getByRole('link', { name: /#trips/ }).count()).toBe(1);
    await tags.getByRole('link', { name: /#trips/ }).click();
    await page.waitForURL('**/tags/trips');
    await eventually(() => page.getByRole('link', { name: /Lisbon/ }).innerText()).toContain(
      '#trips',
    );

    // The palette offers "Go to tag …" for what is typed.
    await page.goto('/journals');
    await page.getByRole('heading', { name: 'My Journals' }).waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Type a command or search' });
    await box.fill('fri');
    const goToTag = page.getByRole('option', { name: 'Go to tag #friends' });
    await eventually(() => goToTag.count()).toBe(1);
    await goToTag.click();
    await page.waitForURL('**/tags/friends');
    await eventually(() => page.getByRole('link', { name: /Lisbon/ }).count()).toBe(1);

    // Operators search; a bad value is named by the server's words, not a generic failure.
    await page.goto('/search?q=tag:trips mood:>=4 is:starred');
    const entries = page.getByRole('region', { name: 'Entries' });
    await eventually(() => entries.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Lisbon',
    ]);
    await page.goto('/search?q=mood:9');
    await eventually(() => page.getByRole('alert').innerText()).toContain(
      'mood must be 1–5 with =, <, >, <= or >=',
    );
    await page.getByText('Search tips').click();
    await eventually(() => page.getByText('journal:"Trip to Rome"').count()).toBe(1);
  });
});
