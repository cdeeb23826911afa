import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  MEDIA_LIMITS,
  MEDIA_SIZES_QUEUE,
  MEDIA_TYPES,
  mediaSizesJob,
  type MediaType,
} from '@dayframe/contracts';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { Logger } from '@dayframe/service-kit/http';
import { findMedia, recordSize } from './data/media-repo.ts';
import {
  originalKey,
  servedKey,
  SIZE_VARIANTS,
  variantKey,
  type SizeVariant,
} from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

// libvips keeps recent operations and their decoded pixels for reuse: for a service that sees
// each image once that is memory held for nothing (tens of MB per large photo), so no cache.
sharp.cache(false);

/** The longest side of each size; never enlarged (a small photo's thumbnail is itself). */
const LONGEST_SIDE: Record<SizeVariant, number> = {
  thumb: MEDIA_LIMITS.thumbnailPixels,
  display: MEDIA_LIMITS.displayPixels,
};

/**
 * Asks for an image's sizes once it is stored. The job carries the file's id alone and is keyed
 * by it, so asking twice queues it once. A queue that cannot take it (Redis away) costs the
 * upload nothing: the image is stored and served full size, only without its smaller copies.
 */
export async function askForSizes(jobs: JobBus, log: Logger, mediaId: string): Promise<void> {
  try {
    await jobs.add(MEDIA_SIZES_QUEUE, { mediaId }, { jobId: mediaId });
  } catch (err) {
    log.warn({ err: (err as Error).message, mediaId }, 'could not queue the image sizes');
  }
}

/**
 * Works the sizes queue in this process, one image at a time: decoding a 100-megapixel photo
 * takes a few hundred MB, and BullMQ hands a worker several jobs at once, so the jobs wait their
 * turn here rather than decode side by side (uploads, which must answer, are not held to it).
 * A payload that is not `{ mediaId }` is dropped, not retried: no retry would mend it.
 */
export function workSizes(scope: MediaScope, jobs: JobBus, log: Logger): void {
  let turn: Promise<unknown> = Promise.resolve();
  jobs.work(MEDIA_SIZES_QUEUE, async (payload) => {
    const job = mediaSizesJob.safeParse(payload);
    if (!job.success) return void log.warn({ queue: MEDIA_SIZES_QUEUE }, 'malformed sizes job');
    const mine = turn.then(() => makeSizes(scope, job.data.mediaId));
    turn = mine.catch(() => undefined);
    await mine;
  });
}

/**
 * The sizes job: from the image as uploaded (`<id>.original`, else the served copy), a 400 px
 * thumbnail and a 1600 px display size, both WebP, upright by the orientation and without any
 * metadata (sharp keeps none unless asked). Idempotent: sizes already recorded are not made
 * again, and a file deleted before (or while) they are made leaves no size behind. A failure
 * throws, and the job bus retries it.
 */
export async function makeSizes(scope: MediaScope, mediaId: string): Promise<void> {
  const media = await findMedia(scope.db, mediaId);
  if (!media || MEDIA_TYPES[media.contentType as MediaType]?.kind !== 'image') return;
  if (media.thumbBytes !== null && media.displayBytes !== null) return;
  const source = media.hasOriginal
    ? originalKey(media.userId, media.id)
    : servedKey(media.userId, media.id);
  // The thumbnail first, and each size offered as soon as it is stored: a list or an entry
  // shows thumbnails, and a 400 px one costs a fraction of the 1600 px one (a JPEG decodes at
  // an eighth of its size for it).
  for (const variant of SIZE_VARIANTS) {
    if ((variant === 'thumb' ? media.thumbBytes : media.displayBytes) !== null) continue;
    const input = await scope.storage.get(source);
    if (!input) return removeSizes(scope, media); // deleted since the row was read
    const key = variantKey(media.userId, media.id, variant);
    await scope.storage.put(key, resized(input, LONGEST_SIDE[variant]));
    const recorded = await recordSize(
      scope.db,
      media.id,
      variant,
      (await scope.storage.size(key)) ?? 0,
    );
    // Deleted while it was made: the delete may have run before it was written.
    if (!recorded) return removeSizes(scope, media);
  }
}

async function removeSizes(scope: MediaScope, media: { userId: string; id: string }) {
  await Promise.all(
    SIZE_VARIANTS.map((variant) =>
      scope.storage.delete(variantKey(media.userId, media.id, variant)),
    ),
  );
}

/** One size of an image: its first frame, upright, at most `side` pixels on its longest side. */
function resized(input: Readable, side: number): Readable {
  const image = sharp({ limitInputPixels: MEDIA_LIMITS.imagePixels, animated: false })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  input.on('error', (error) => image.destroy(error));
  return input.pipe(image);
}
