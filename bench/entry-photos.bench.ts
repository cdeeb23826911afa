/**
 * Issue 26: an entry with 20 photos in Chromium, as a person scrolls through it. Reports the
 * page's cumulative layout shift (every `layout-shift` entry not caused by input, from the first
 * paint to the last photo in view) and which size of each photo the page fetched: thumbnails
 * only is the goal (the 1600 px size is for the lightbox, the upload itself for download). Run
 * at a desktop and a phone size, on the embedded app serving the built front ends.
 *
 *   node --import tsx bench/entry-photos.bench.ts
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { mediaMarkdown, type MediaItem } from '@dayframe/contracts';
import { startApp, type App } from '@dayframe/e2e-kit';

const PHOTOS = 20;
const READY_DEADLINE_MS = 60_000;

type Size = 'url' | 'thumbnailUrl' | 'displayUrl';

/** Photos of several shapes, so a box reserved at the wrong ratio would show as a shift. */
async function photo(n: number): Promise<Buffer> {
  const [width, height] = n % 3 === 0 ? [900, 1350] : n % 3 === 1 ? [1600, 1000] : [1200, 1200];
  return sharp({
    create: { width, height, channels: 3, background: { r: (n * 37) % 255, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

async function upload(app: App, token: string, bytes: Buffer, name: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const answer = await fetch(new URL('/api/media', app.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  return (await answer.json()) as MediaItem;
}

/** Waits until every photo has its thumbnail (the background job's work). */
async function thumbnailsReady(app: App, token: string, ids: string[]) {
  const started = Date.now();
  while (Date.now() - started < READY_DEADLINE_MS) {
    const found = await app.api.call('GET', `/api/media?ids=${ids.join(',')}`, { token });
    const items = found.body as MediaItem[];
    if (items.length === ids.length && items.every((item) => item.thumbnailUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('thumbnails not ready in time');
}

const LAYOUT_SHIFTS = `{
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}`;

/** Opens the entry, scrolls to its end, and answers its layout shift and the sizes it fetched. */
async function visit(page: Page, path: string) {
  const sizeOf = new Map<string, Size>();
  const fetched: string[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/media' && url.searchParams.has('ids')) {
      for (const item of (await response.json()) as MediaItem[])
        for (const size of ['url', 'thumbnailUrl', 'displayUrl'] as const) {
          const link = item[size];
          if (link) sizeOf.set(new URL(link, url).pathname + new URL(link, url).search, size);
        }
    } else if (url.pathname.startsWith('/api/media/')) fetched.push(url.pathname + url.search);
  });
  await page.addInitScript({ content: LAYOUT_SHIFTS });
  await page.goto(path);
  await page.locator('img[src*="/api/media/"]').first().waitFor({ state: 'attached' });
  if (process.env.BENCH_SHOTS)
    await page.screenshot({
      path: `${process.env.BENCH_SHOTS}/${page.viewportSize()!.width}.png`,
      fullPage: false,
    });
  // Scrolls the page and every box that scrolls on its own (the editor's preview) to its end,
  // so every lazy photo comes into view once.
  for (let step = 0; step < 60; step++) {
    const atEnd = await page.evaluate(() => {
      let done = true;
      const boxes = [
        document.scrollingElement!,
        ...[...document.querySelectorAll('*')].filter(
          (box) =>
            box.scrollHeight > box.clientHeight + 2 &&
            ['auto', 'scroll'].includes(getComputedStyle(box).overflowY),
        ),
      ];
      for (const box of boxes) {
        box.scrollTop += box.clientHeight * 0.8;
        if (box.scrollTop + box.clientHeight < box.scrollHeight - 2) done = false;
      }
      return done;
    });
    await page.waitForLoadState('networkidle');
    if (atEnd) break;
  }
  // Every photo on screen has loaded (one in a closed panel never does, nor should).
  await page
    .waitForFunction(() =>
      [...document.images]
        .filter((image) => image.getClientRects().length > 0)
        .every((image) => image.complete && image.naturalWidth > 0),
    )
    .catch(async (error: unknown) => {
      console.log(
        await page.evaluate(() =>
          [...document.images]
            .filter((image) => !(image.complete && image.naturalWidth > 0))
            .map((image) => `${image.alt} ${JSON.stringify(image.getBoundingClientRect())}`),
        ),
      );
      throw error;
    });
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  const counts: Record<Size | 'unknown', number> = {
    url: 0,
    thumbnailUrl: 0,
    displayUrl: 0,
    unknown: 0,
  };
  for (const link of fetched) counts[sizeOf.get(link) ?? 'unknown']++;
  return { shift, counts };
}

const app = await startApp();
try {
  const { token } = await app.verifiedAccount('Bench', `bench-photos-${Date.now()}@example.com`);
  const journal = await app.api.call('POST', '/api/journals', {
    token,
    body: { title: 'Trips', description: 'Photos from the road' },
  });
  const items: MediaItem[] = [];
  for (let n = 0; n < PHOTOS; n++)
    items.push(await upload(app, token, await photo(n), `p${n}.jpg`));
  await thumbnailsReady(
    app,
    token,
    items.map((item) => item.id),
  );
  const content = items
    .map(
      (item, n) =>
        `Stop ${n + 1}: the road bent along the river and the light changed again.\n\n${mediaMarkdown(item.id, `Stop ${n + 1}`)}`,
    )
    .join('\n\n');
  const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
    token,
    body: { title: 'Twenty stops', content, date: '2026-11-20' },
  });
  const path = `/journals/${journal.body._id}/entries/${entry.body._id}`;
  console.log(`| viewport | layout shift (CLS) | thumbnails | 1600 px | uploads | other |`);
  console.log('|---|---|---|---|---|---|');
  for (const viewport of ['desktop', 'phone'] as const) {
    const page = await app.page(viewport);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const { shift, counts } = await visit(page, path);
    console.log(
      `| ${viewport} | ${shift.toFixed(4)} | ${counts.thumbnailUrl} | ${counts.displayUrl} | ${counts.url} | ${counts.unknown} |`,
    );
    await page.context().close();
  }
} finally {
  await app.stop();
}
