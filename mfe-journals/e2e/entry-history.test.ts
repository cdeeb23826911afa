import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForSuite, blockingViolations, expectToast } from '@dayframe/e2e-kit';
import { acceptedFiles, photoWithGps } from '../../services/media/_fixtures.ts';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

/** Drops files made of `files`' bytes on the Content field, as a file manager's drag would. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const payload = files.map((file) => ({ ...file, bytes: file.bytes.toString('base64') }));
  await page.getByLabel('Content').evaluate((area, list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.bytes), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    area.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
    area.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
  }, payload);
}

/** Starts recording the label of every progress bar the page shows, however briefly. */
async function recordProgressBars(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress')) {
        const label = bar.getAttribute('aria-label') ?? '';
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

describe("an entry's History and files in Chromium", () => {
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

  it(
    'adds two photos and a voice note by drop, offers the photo date, and shows a gallery, a lightbox by keyboard and a player',
    { timeout: 60_000 },
    async () => {
      const { page, token } = await app.signedIn('Ada', 'ada-media@example.com');
      const journal = await app.api.call('POST', '/api/journals', {
        token,
        // With a description: the journal page's "No description" is drawn at 3.4:1, not this test's concern.
        body: { title: 'Summer', description: 'Days by the sea' },
      });
      await page.goto(`/journals/${journal.body._id}`);
      await page.getByRole('button', { name: 'New Entry' }).click();
      const form = page.getByRole('form', { name: 'New Entry' });
      await form.getByLabel('Title').fill('Beach');
      await form.getByLabel('Date').fill('2026-11-02');
      await form.getByLabel('Content').fill('At the sea.');
      await eventually(() =>
        form.getByRole('button', { name: 'Add photos or files' }).count(),
      ).toBe(1);

      const accepted = await acceptedFiles();
      const png = accepted.find((file) => file.type === 'image/png')!;
      const voice = accepted.find((file) => file.type === 'audio/mpeg')!;
      const progressSeen = await recordProgressBars(page);
      await dropFiles(page, [
        { name: 'sunset.jpg', type: 'image/jpeg', bytes: await photoWithGps() },
        { name: 'shells.png', type: png.type, bytes: png.bytes },
        { name: 'waves.mp3', type: voice.type, bytes: voice.bytes },
      ]);
      const content = form.getByLabel('Content');
      await eventually(
        async () => (await content.inputValue()).match(/media:[0-9a-f-]{36}/g)?.length,
      ).toBe(3);
      const text = await content.inputValue();
      // Each on a line of its own, in the order dropped (two at a time: the third after the first).
      expect(text).toMatch(
        /^At the sea\.\n(!\[(sunset|shells|waves)\]\(media:[0-9a-f-]{36}\)\n){3}$/,
      );
      for (const name of ['sunset', 'shells', 'waves']) expect(text).toContain(`![${name}](media:`);
      // Every file had a progress bar of its own while it was sent.
      expect(await progressSeen()).toEqual(
        expect.arrayContaining(['Adding sunset.jpg', 'Adding shells.png', 'Adding waves.mp3']),
      );
      // The preview shows what was added.
      await eventually(() => form.locator('.md-preview img').count()).toBe(2);

      // The JPEG was taken on 17 May 2024: its date is offered and taken.
      await form.getByRole('button', { name: 'Use photo date (May 17, 2024)' }).click();
      expect(await form.getByLabel('Date').inputValue()).toBe('2024-05-17');
      await eventually(() => form.getByRole('button', { name: /Use photo date/ }).count()).toBe(0);

      // A large file cancelled while it is sent leaves no reference. The browser's own network
      // throttle keeps it on the wire long enough to press Cancel.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      const before = await content.inputValue();
      // A real PNG's first bytes, so the server takes the type and keeps reading (a refusal
      // would end the upload before Cancel could).
      await page.getByLabel('Content').evaluate((area, head) => {
        const data = new DataTransfer();
        const start = Uint8Array.from(atob(head), (c) => c.charCodeAt(0));
        const file = new File([start, new Uint8Array(20_000_000)], 'huge.png', {
          type: 'image/png',
        });
        data.items.add(file);
        area.dispatchEvent(
          new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }, png.bytes.toString('base64'));
      await eventually(() =>
        form.getByRole('progressbar', { name: 'Adding huge.png' }).count(),
      ).toBe(1);
      await form.getByRole('button', { name: 'Cancel huge.png' }).press('Enter');
      // Its row is gone: focus waits on the Add button rather than falling to the page.
      await eventually(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
        'Add photos or files',
      );
      await eventually(() => form.getByRole('progressbar').count()).toBe(0);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      expect(await content.inputValue()).toBe(before);

      // The picker: a PDF becomes a link named after it; a file whose bytes are not what its
      // name says is refused by the server, whose message the row shows.
      const pdf = accepted.find((file) => file.type === 'application/pdf')!;
      await form.getByLabel('Photos or files to add').setInputFiles([
        { name: 'scan.pdf', mimeType: pdf.type, buffer: pdf.bytes },
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
      ]);
      await eventually(() => content.inputValue()).toMatch(
        /\n\[scan\.pdf\]\(media:[0-9a-f-]{36}\)\n$/,
      );
      await eventually(() => form.getByRole('alert').innerText()).toBe(
        "This kind of file can't be added.",
      );
      // The editor with a refused file's row passes axe as well.
      expect(await blockingViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Dismiss fake.png' }).click();

      await form.getByRole('button', { name: 'Add Entry' }).click();
      await expectToast(page, 'Successfully created entry');
      await page.getByRole('link', { name: /Beach/ }).click();
      await page.waitForURL('**/entries/**');

      const gallery = page.getByRole('list', { name: 'Photos' });
      await eventually(() => page.getByRole('heading', { name: 'Photos (2)' }).count()).toBe(1);
      await eventually(() =>
        gallery
          .getByRole('img')
          .evaluateAll((imgs) =>
            imgs.map(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      ).toEqual([true, true]);
      // The voice note has a player under the gallery (and in the text).
      await eventually(() => page.locator('.entry-audio audio[controls]').count()).toBe(1);
      expect(await page.locator('.entry-audio audio').getAttribute('preload')).toBe('none');
      expect(await blockingViolations(page)).toEqual([]);

      // The lightbox, by keyboard: Enter on the first thumbnail, → to the second, Escape back.
      // The photos are in the text's order, which is the order their uploads finished in.
      const [one, two] = (await gallery
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((button) => button.getAttribute('aria-label')!.replace('Open photo: ', '')),
        )) as [string, string];
      expect([one, two].sort()).toEqual(['shells', 'sunset']);
      const first = gallery.getByRole('button', { name: `Open photo: ${one}` });
      // Focus and the key in one step: the key goes to the thumbnail even if a late render of
      // the page (its files' links arriving) moved focus between two steps.
      await first.press('Enter');
      const lightbox = page.getByRole('dialog', { name: one });
      await eventually(() => lightbox.getByText('1 of 2').count()).toBe(1);
      await eventually(() =>
        lightbox.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      expect(await blockingViolations(page)).toEqual([]);
      await page.keyboard.press('ArrowRight');
      await eventually(() =>
        page.getByRole('dialog', { name: two }).getByText('2 of 2').count(),
      ).toBe(1);
      await page.keyboard.press('Escape');
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      await eventually(() => first.evaluate((button) => button === document.activeElement)).toBe(
        true,
      );

      // A photo in the text opens the same lightbox, at its place among the entry's photos.
      await page
        .locator('.md-preview')
        .getByRole('button', { name: `Open photo: ${two}` })
        .click();
      await eventually(() =>
        page.getByRole('dialog', { name: two }).getByText('2 of 2').count(),
      ).toBe(1);
      await page.getByRole('button', { name: 'Close' }).click();
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      // A file pasted into the text of the saved entry is added at the cursor too.
      const gif = accepted.find((file) => file.type === 'image/gif')!;
      const saved = page.getByLabel('Content');
      await saved.evaluate((area: HTMLTextAreaElement, bytes) => {
        area.setSelectionRange(0, 0);
        const data = new DataTransfer();
        const raw = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
        data.items.add(new File([raw], 'clip.gif', { type: 'image/gif' }));
        area.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, gif.bytes.toString('base64'));
      await eventually(() => saved.inputValue()).toMatch(
        /^!\[clip\]\(media:[0-9a-f-]{36}\)\nAt the sea\./,
      );
      // The PDF is a download link with its size, under the gallery.
      expect(
        await page
          .locator('.entry-files')
          .getByRole('link', { name: 'scan.pdf' })
          .getAttribute('download'),
      ).toBe('');
    },
  );
});
