import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry } from 'yauzl';
import { ZipFile } from 'yazl';
import {
  blockingViolations,
  confirmItsYou,
  confirmItsYouDialog,
  startApp,
  type App,
} from '@dayframe/e2e-kit';

function namesIn(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const names: string[] = [];
      file.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.on('error', reject);
      file.readEntry();
    }),
  );
}

async function dayOneZip(): Promise<Buffer> {
  const zip = new ZipFile();
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'U1',
        creationDate: '2026-02-01T09:00:00Z',
        timeZone: 'Europe/Paris',
        text: 'Café\nCroissant\\.',
      },
      { uuid: 'U2', creationDate: '2026-02-02T09:00:00Z', text: '# Walk\nAlong the river' },
    ],
  };
  zip.addBuffer(Buffer.from(JSON.stringify(journal)), 'Paris Notes.json');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A small PNG added through the real upload endpoint, as the entry editor does. */
async function addPhoto(app: App, token: string): Promise<number> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), 'dot.png');
  const answer = await fetch(new URL('/api/media', app.url), {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { bytes: number }).bytes;
}

describe('Settings → Your data in Chromium, through the shell and the real gateway', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
    await app.verifiedAccount('Ada Admin', 'ada@example.com');
  }, 60_000);
  afterAll(() => app?.stop());

  it('Export everything asks "Confirm it\'s you", then downloads a zip laid out as documented', async () => {
    const { page, token, password } = await app.signedIn('Exa', 'exa@example.com');
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Garden' },
    });
    await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'Seeds', content: 'Tomatoes', date: '2026-05-01' },
    });
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export everything' }).click();
    await confirmItsYou(page, password);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dayframe-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await namesIn(readFileSync(await file.path()));
    expect(names.sort()).toEqual([
      'dayframe.json',
      'goals.md',
      'journals/garden/2026-05-01-seeds.md',
    ]);
  });

  it(
    'on a phone the dialog is a sheet that passes axe; Cancel downloads nothing',
    { timeout: 60_000 },
    async () => {
      const { page } = await app.signedIn('Phi', 'phi@example.com', 'phone');
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Your data' }).waitFor();
      let downloads = 0;
      page.on('download', () => downloads++);
      const exportButton = page.getByRole('button', { name: 'Export everything' });
      await exportButton.click();
      const dialog = await confirmItsYouDialog(page);
      expect(await blockingViolations(page)).toEqual([]);
      // Nothing of it wider than the screen.
      const box = await dialog.locator('.modal-box').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Focus goes back to the button once its call has given up.
      await expect
        .poll(() => exportButton.evaluate((b) => b === document.activeElement))
        .toBe(true);
      expect(await page.getByRole('status').count()).toBe(0);
      expect(downloads).toBe(0);
    },
  );

  it('Import of a Day One zip shows the counts, and the journal appears', async () => {
    const { page } = await app.signedIn('Imo', 'imo@example.com', 'phone');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'dayone.zip',
      mimeType: 'application/zip',
      buffer: await dayOneZip(),
    });
    await page.getByText('1 journal, 2 entries and 0 goals added.').waitFor();
    await page.goto('/journals');
    await page.getByText('Paris Notes').first().waitFor();
  });

  it('Photos and files shows the space used of the quota, with a meter that passes axe', async () => {
    const { page, token } = await app.signedIn('Pho', 'pho@example.com', 'phone');
    const bytes = await addPhoto(app, token);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Photos and files' }).waitFor();
    await page.getByText(`${bytes} bytes of 2 GB used`).waitFor();
    const meter = page.getByRole('meter', { name: 'Space used by photos and files' });
    expect(await meter.getAttribute('aria-valuenow')).toBe(String(bytes));
    expect(await meter.getAttribute('aria-valuemax')).toBe('2000000000');
    expect(await blockingViolations(page)).toEqual([]);
  });
});
