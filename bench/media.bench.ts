/**
 * Issue 26: what one photo costs the embedded app. Starts `embedded/main.ts` as `npm start` runs
 * it (SQLite, files on disk, in-process jobs), uploads a 10 MB JPEG several times and reports,
 * per upload, the process's extra resident memory (its peak, VmHWM, reset before each upload,
 * less its resident size just before) and how long after the upload's answer its thumbnail was
 * ready. Not a test: figures go to bench/RESULTS.md; the tests assert outcomes and deadlines.
 *
 *   node --import tsx bench/media.bench.ts [uploads, default 5]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { MediaItem } from '@dayframe/contracts';
import { call, verifiedUser } from './_http.ts';
import { memoryOf, startEmbeddedGateway } from './_processes.ts';
import { median } from './_stats.ts';
import { mb } from './_table.ts';

const UPLOADS = Number(process.argv[2] ?? 5);
const TARGET_BYTES = 10_000_000;
const THUMBNAIL_DEADLINE_MS = 30_000;

/** A camera-sized JPEG of about 10 MB: noise does not compress, so the size is the pixels'. */
async function tenMegabyteJpeg(): Promise<Buffer> {
  let side = 2400;
  for (;;) {
    const jpeg = await sharp({
      create: {
        width: Math.round(side * 4) / 3,
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
      .toBuffer();
    if (jpeg.length >= TARGET_BYTES) return jpeg;
    side = Math.round(side * Math.sqrt(TARGET_BYTES / jpeg.length) * 1.02);
  }
}

/** Lets the kernel's peak (VmHWM) start again from the current resident size. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function upload(url: string, token: string, bytes: Buffer): Promise<MediaItem> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await fetch(new URL('/api/media', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  return (await answer.json()) as MediaItem;
}

/** Milliseconds from now until the item's thumbnail link is offered, or null past the deadline. */
async function thumbnailReady(url: string, token: string, id: string): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < THUMBNAIL_DEADLINE_MS) {
    const found = await call<MediaItem[]>(url, 'GET', `/api/media?ids=${id}`, { token });
    if (found.body[0]?.thumbnailUrl) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

const app = await startEmbeddedGateway(4);
try {
  const token = await verifiedUser(app.url, 'media-bench@example.com', app.readCode);
  const photo = await tenMegabyteJpeg();
  const { width, height } = await sharp(photo).metadata();
  // One small upload first: sharp, libvips and the routes load once, not inside a measurement.
  await upload(app.url, token, await sharp(photo).resize(64).jpeg().toBuffer());
  const rows: {
    extra: number;
    answerMs: number;
    thumbMs: number | null;
    peakAfterThumb: number;
  }[] = [];
  for (let n = 0; n < UPLOADS; n++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the last upload's garbage go
    const before = memoryOf(app.gateway.pid).rss;
    resetPeak(app.gateway.pid);
    const started = performance.now();
    const item = await upload(app.url, token, photo);
    const answerMs = performance.now() - started;
    const thumbMs = await thumbnailReady(app.url, token, item.id);
    const peak = memoryOf(app.gateway.pid).peak;
    rows.push({ extra: peak - before, answerMs, thumbMs, peakAfterThumb: peak });
  }
  console.log(
    `10 MB JPEG: ${mb(photo.length)} (${width} × ${height}), ${UPLOADS} uploads to the embedded app`,
  );
  console.log(
    '| upload | extra memory (peak − before) | answer | thumbnail ready after the answer |',
  );
  console.log('|---|---|---|---|');
  rows.forEach((row, i) =>
    console.log(
      `| ${i + 1} | ${mb(row.extra)} | ${Math.round(row.answerMs)} ms | ${
        row.thumbMs === null ? 'not within 30 s' : `${Math.round(row.thumbMs)} ms`
      } |`,
    ),
  );
  const thumbs = rows.flatMap((row) => (row.thumbMs === null ? [] : [row.thumbMs]));
  console.log(
    `max extra ${mb(Math.max(...rows.map((row) => row.extra)))} (goal < 64 MB); ` +
      `median thumbnail ${thumbs.length ? `${Math.round(median(thumbs))} ms` : 'none'} (goal ≤ 2 s)`,
  );
} finally {
  await app.stop();
}
