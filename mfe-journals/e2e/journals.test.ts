import { describe, expect, it } from 'vitest';
import { appForSuite, expectToast, todayIn } from '@dayframe/e2e-kit';

/**
 * expect.poll with room for a loaded machine: its 1 s default is shorter than a remote's first
 * load when other suites share the two cores.
 */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

/** Today in `timeZone`, as the browser there would compute it. */
describe('journals and entries in Chromium, through the shell and the real gateway', () => {
  const app = appForSuite();

  it('creates a journal, adds entries, edits and deletes an entry, edits and deletes the journal', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    await page.goto('/journals');
    await eventually(() => page.getByText('No journals yet').count()).toBe(1);

    await page.getByRole('link', { name: 'Create New Journal' }).click();
    await page.waitForURL('**/journals/create');
    const create = page.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Title').fill('Morning pages');
    await page.getByLabel('Description').fill('First thing, every day');
    await create.click();
    await page.waitForURL(/\/journals$/);

    // The card is a link: the keyboard opens it.
    const card = page.getByRole('link', { name: /Morning pages/ });
    await eventually(() => card.innerText()).toContain('0 entries');
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/journals\/[\w-]+$/);
    const journalUrl = page.url();
    const journalId = journalUrl.split('/').pop()!;
    await eventually(() => page.getByText('No entries yet').count()).toBe(1);

    for (const [title, date, content] of [
      ['Rain', '2026-11-05', 'It rained all day.'],
      ['Sun', '2026-11-06', 'Finally, the sun.'],
    ] as const) {
      await page.getByRole('button', { name: 'New Entry' }).click();
      const form = page.getByRole('form', { name: 'New Entry' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Date').fill(date);
      await form.getByLabel('Content').fill(content);
      await form.getByRole('button', { name: 'Add Entry' }).click();
      await expectToast(page, 'Successfully created entry');
      await eventually(() => page.getByRole('link', { name: new RegExp(title) }).count()).toBe(1);
    }
    await eventually(() => page.getByText('2 entries').count()).toBe(1);
    // Latest date first.
    const cards = await page.locator('main ul li a').allInnerTexts();
    expect(cards[0]).toContain('Sun');
    expect(cards[1]).toContain('Rain');

    await page.getByRole('link', { name: /Rain/ }).click();
    await page.waitForURL('**/entries/**');
    await eventually(() => page.getByLabel('Content').inputValue()).toBe('It rained all day.');
    expect(await page.getByText('Nov 05, 2026').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'No changes have been made');
    await page.getByLabel('Content').fill('It rained all day. Then fog.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Entry updated!');
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Content').inputValue())
      .toBe('It rained all day. Then fog.');

    await page.getByRole('button', { name: 'Delete' }).click();
    const entryDialog = page.getByRole('alertdialog', { name: 'Delete this entry?' });
    expect(await entryDialog.innerText()).toContain('This is irreversible and permanent');
    await entryDialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(journalUrl);
    await eventually(() => page.getByText('1 entry', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /Rain/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/edit');
    await eventually(() => page.getByLabel('Title').inputValue()).toBe('Morning pages');
    await page.getByLabel('Title').fill('Evening pages');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Journal updated successfully');
    await page.waitForURL(journalUrl);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Evening pages');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete journal' }).click();
    const journalDialog = page.getByRole('alertdialog', {
      name: 'Delete this journal and its 1 entry?',
    });
    expect(await journalDialog.innerText()).toContain('This is irreversible and permanent');
    await journalDialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/journals$/);
    await eventually(() => page.getByText('No journals yet').count()).toBe(1);
    const gone = await app.api.call('GET', `/api/journals/${journalId}`, { token });
    expect(gone.status).toBe(404);
  });

  it('quick entry adds the day entry, then updates that same entry (phone, far-east time zone)', async () => {
    const timezoneId = 'Pacific/Kiritimati'; // UTC+14: its today is often not UTC's
    const { page, token } = await app.signedIn('Kiri', 'kiri@example.com', 'phone', {
      timezoneId,
    });
    await page.goto('/entry');
    await eventually(() => page.getByText('No Journals Yet').count()).toBe(1);
    await page.getByRole('link', { name: 'Create Journal' }).click();
    await page.waitForURL(/\/journals$/);

    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Daily' },
    });
    await app.api.call('POST', '/api/journals', { token, body: { title: 'Work' } });
    const today = todayIn(timezoneId);
    await page.goto('/entry');
    const add = page.getByRole('button', { name: 'Add Entry' });
    await add.waitFor();
    // Journals come newest first; pick the one made first.
    await page.getByLabel('Journal').selectOption({ label: 'Daily' });
    await add.waitFor();
    expect(await page.getByLabel('Date').inputValue()).toBe(today);

    await page.getByLabel('Title').fill('Islands');
    await add.click();
    await expectToast(page, 'Please fill out entry');
    await page.getByLabel('Content').fill('First light over the lagoon.');
    await add.click();
    await expectToast(page, 'Successfully created entry');
    const update = page.getByRole('button', { name: 'Update Entry' });
    await update.waitFor();

    // Coming back to the same journal and day loads the entry.
    await page.reload();
    await page.getByLabel('Journal').selectOption({ label: 'Daily' });
    await update.waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Islands');
    await page.getByLabel('Content').fill('First light over the lagoon. Then rain.');
    await update.click();
    await expectToast(page, 'Successfully updated entry');

    const entries = await app.api.call('GET', `/api/entry/${journal.body._id}`, { token });
    expect(entries.body).toEqual([
      expect.objectContaining({
        title: 'Islands',
        content: 'First light over the lagoon. Then rain.',
        date: today,
      }),
    ]);

    // Another day has nothing yet: the form offers Add Entry again, empty.
    await page.getByLabel('Date').fill('2020-01-01');
    await add.waitFor();
    // The button reads Add Entry while the day is looked up; it is enabled once that is done.
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(await page.getByLabel('Title').inputValue()).toBe('');
  });

  it("shows Journal not found for another user's journal", async () => {
    const bob = await app.signedIn('Bob', 'bob@example.com');
    const bobs = await app.api.call('POST', '/api/journals', {
      token: bob.token,
      body: { title: 'Bob private', description: 'secret' },
    });
    const { page } = await app.signedIn('Eve', 'eve@example.com');
    for (const path of [`/journals/${bobs.body._id}`, `/journals/${bobs.body._id}/edit`]) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Journal not found' }).count())
        .toBe(1);
      expect(await page.getByText('Bob private').count()).toBe(0);
    }
  });

  it('keeps the landing page link /journals/new working', async () => {
    const { page } = await app.signedIn('Lin', 'lin@example.com');
    await page.goto('/journals/new');
    await page.waitForURL('**/journals/create');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Create a Journal' }).count())
      .toBe(1);
  });

  it('shows HTML and script typed into every text field as text', async () => {
    const { page } = await app.signedIn('Mallory', 'mallory@example.com');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const hostile = (field: string) =>
      `<img src=x onerror="window.__xss='${field}'"><script>window.__xss='${field}'</script><b>${field}</b>`;
    async function expectInert() {
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBe(
        undefined,
      );
      expect(await page.locator('main img, main script, main b').count()).toBe(0);
      expect(dialogs).toEqual([]);
    }

    await page.goto('/journals/create');
    await page.getByLabel('Title').fill(hostile('journal-title'));
    await page.getByLabel('Description').fill(hostile('journal-description'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/journals$/);
    await eventually(() => page.getByText(hostile('journal-title')).count()).toBe(1);
    expect(await page.getByText(hostile('journal-description')).count()).toBe(1);
    await expectInert();

    await page.getByRole('link', { name: /journal-title/ }).click();
    await page.waitForURL(/\/journals\/[\w-]+$/);
    const journalUrl = page.url();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(hostile('journal-title'));
    await page.getByRole('button', { name: 'New Entry' }).click();
    const form = page.getByRole('form', { name: 'New Entry' });
    await form.getByLabel('Title').fill(hostile('entry-title'));
    await form.getByLabel('Content').fill(hostile('entry-content'));
    await form.getByRole('button', { name: 'Add Entry' }).click();
    await eventually(() => page.getByText(hostile('entry-title')).count()).toBe(1);
    expect(await page.getByText(hostile('entry-content')).count()).toBe(1);
    await expectInert();

    await page.getByRole('link', { name: /entry-title/ }).click();
    await page.waitForURL('**/entries/**');
    await eventually(() => page.getByLabel('Title').inputValue()).toBe(hostile('entry-title'));
    await page.getByLabel('Title').fill(hostile('edited-entry-title'));
    await page.getByLabel('Content').fill(hostile('edited-entry-content'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Entry updated!');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(hostile('edited-entry-title'));
    await expectInert();

    await page.goto(`${journalUrl}/edit`);
    await eventually(() => page.getByLabel('Title').inputValue()).toBe(hostile('journal-title'));
    await page.getByLabel('Title').fill(hostile('edited-journal-title'));
    await page.getByLabel('Description').fill(hostile('edited-journal-description'));
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(journalUrl);
    await eventually(() => page.getByText(hostile('edited-journal-description')).count()).toBe(1);
    // The journal and its entries are loaded apart: the entry card may come a moment later.
    await eventually(() => page.getByText(hostile('edited-entry-content')).count()).toBe(1);
    await expectInert();

    await page.goto('/entry');
    await page.getByLabel('Date').fill('2021-02-03');
    await page.getByRole('button', { name: 'Add Entry' }).waitFor();
    expect(await page.getByRole('option', { name: hostile('edited-journal-title') }).count()).toBe(
      1,
    );
    await page.getByLabel('Title').fill(hostile('quick-title'));
    await page.getByLabel('Content').fill(hostile('quick-content'));
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await expectToast(page, 'Successfully created entry');
    await page.goto(journalUrl);
    await eventually(() => page.getByText(hostile('quick-title')).count()).toBe(1);
    expect(await page.getByText(hostile('quick-content')).count()).toBe(1);
    await expectInert();
  });
  it('writes Markdown with the toolbar and shortcuts, previews it, ticks a task, and keeps the editor out of the journal list', async () => {
    const { page, token } = await app.signedIn('Mark', 'mark@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Packing' },
    });
    const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: {
        title: 'Trip',
        date: '2026-11-20',
        content:
          'Before we go\n\n- [ ] pack bags\n- [ ] buy tickets\n\n<b>raw</b> [bad](javascript:alert(1))',
      },
    });
    expect(entry.status).toBe(201);
    // The renderer sets this rel on every link: a script holding it is the editor's chunk.
    const RENDERER = 'noopener noreferrer nofollow';
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      // A redirect (the shell's scripts under their stable names) has no body of its own.
      if (response.request().resourceType() === 'script' && response.status() === 200)
        scripts.push(response.text().catch(() => ''));
    });
    const rendererLoaded = async () =>
      (await Promise.all(scripts)).some((s) => s.includes(RENDERER));

    await page.goto('/journals');
    await eventually(() => page.getByRole('link', { name: /Packing/ }).count()).toBe(1);
    expect(await rendererLoaded()).toBe(false);

    await page.goto(`/journals/${journal.body._id}/entries/${entry.body._id}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    // Wide screens show the preview beside the text, at once.
    await eventually(() => preview.getByRole('checkbox').count()).toBe(2);
    expect(await rendererLoaded()).toBe(true);
    // Raw HTML is text and a javascript: link is no link.
    expect(await preview.innerText()).toContain('<b>raw</b>');
    expect(await preview.locator('b, script').count()).toBe(0);
    expect(await preview.getByRole('link').count()).toBe(0);

    // Ticking a task in the rendered entry saves it.
    const pack = preview.getByRole('checkbox', { name: /pack bags/ });
    await pack.click();
    await eventually(() => pack.isChecked()).toBe(true);
    await expectToast(page, 'Entry updated!');
    const ticked = await app.api.call('GET', `/api/entry/${journal.body._id}/${entry.body._id}`, {
      token,
    });
    expect(ticked.body.content).toContain('- [x] pack bags\n- [ ] buy tickets');

    // The shortcuts wrap the selection; the toolbar's line formats prefix the line.
    const content = page.getByLabel('Content');
    await content.fill('hello world');
    const select = (start: number, end: number) =>
      content.evaluate(
        (area: HTMLTextAreaElement, [a, b]) => area.setSelectionRange(a!, b!),
        [start, end],
      );
    await select(6, 11);
    await page.keyboard.press('Control+B');
    await eventually(() => content.inputValue()).toBe('hello **world**');
    await select(0, 5);
    await page.keyboard.press('Control+I');
    await eventually(() => content.inputValue()).toBe('*hello* **world**');
    await page.keyboard.press('End');
    await page.keyboard.type('\nsite');
    await select(18, 22);
    await page.keyboard.press('Control+K');
    await eventually(() => content.inputValue()).toBe('*hello* **world**\n[site](https://)');
    // The address is selected: typing replaces it.
    await page.keyboard.type('https://example.com');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await select(0, 0);
    await toolbar.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nmilk');
    await toolbar.getByRole('button', { name: 'Task' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nwords');
    await toolbar.getByRole('button', { name: 'Quote' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nitem');
    await toolbar.getByRole('button', { name: 'List' }).click();
    await eventually(() => content.inputValue()).toBe(
      '## *hello* **world**\n[site](https://example.com)\n- [ ] milk\n> words\n- item',
    );
    // One level below the entry's own title: `##` is a third-level heading on the page.
    await eventually(() => preview.getByRole('heading', { level: 3 }).innerText()).toBe(
      'hello world',
    );
    expect(await preview.locator('h3 em').innerText()).toBe('hello');
    expect(await preview.locator('h3 strong').innerText()).toBe('world');
    const link = preview.getByRole('link', { name: 'site' });
    expect(await link.getAttribute('href')).toBe('https://example.com/');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await preview.locator('blockquote').innerText()).toBe('words');

    // A narrow window shows one pane at a time, switched by the Write and Preview tabs.
    await page.setViewportSize({ width: 800, height: 800 });
    await eventually(() => preview.isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await eventually(() => preview.isVisible()).toBe(true);
    expect(await content.isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Write' }).click();
    await eventually(() => content.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Entry updated!');
    const saved = await app.api.call('GET', `/api/entry/${journal.body._id}/${entry.body._id}`, {
      token,
    });
    expect(saved.body.content).toBe(
      '## *hello* **world**\n[site](https://example.com)\n- [ ] milk\n> words\n- item',
    );
  }, 60_000);
});
