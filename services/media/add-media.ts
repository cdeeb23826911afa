import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_TYPES,
  type MediaItem,
  type MediaType,
} from '@dayframe/contracts';
import { badRequest, HttpError } from '@dayframe/service-kit/http';
import { byteQuotaExceeded } from '@dayframe/service-kit/limits';
import { insertMedia, usedBytes } from './data/media-repo.ts';
import { detectType, TYPE_SAMPLE_BYTES } from './detect-type.ts';
import { serveableImage, unreadableImage } from './image.ts';
import { toMediaItem } from './media-items.ts';
import { askForSizes } from './make-sizes.ts';
import { keysOf, originalKey, servedKey } from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

/** One upload as the route reads it: its file's bytes as they arrive, and how the body ended. */
export type Upload = {
  file: Readable;
  /** Settles when the whole body is read: how many files it carried. */
  finished: Promise<{ files: number }>;
  /** Reads no more of the body (a refusal); safe to call twice. */
  stop(): void;
};

/**
 * Stores one uploaded file, streamed: its type is read from the first bytes (415 for anything
 * not accepted), then the bytes go to storage as they arrive, counted, and the upload is refused
 * the moment it passes 25 MB (413) or the person's quota (409); a refused or broken upload leaves
 * no file behind. An image is kept as it came, privately, and served re-encoded without EXIF
 * (see serveableImage). The row is written last, within the quota, so a file is listed only once
 * it is whole. An image's thumbnail and display size are then asked of the sizes job.
 */
export async function addMedia(
  scope: MediaScope,
  userId: string,
  upload: Upload,
): Promise<MediaItem> {
  const { head, rest } = await readHead(upload.file, TYPE_SAMPLE_BYTES);
  const type = await detectType(head).catch((error: unknown) => {
    upload.stop();
    throw error;
  });
  const used = await usedBytes(scope.db, userId);
  const left = scope.quotas.bytes - used;
  if (left <= 0) {
    upload.stop();
    throw quotaRefusal(scope);
  }

  const id = randomUUID();
  const image = MEDIA_TYPES[type].kind === 'image';
  const keys = keysOf({ userId, id, hasOriginal: image });
  const uploadKey = image ? originalKey(userId, id) : servedKey(userId, id);
  const counted = countBytes([head], rest, {
    fileBytes: MEDIA_LIMITS.fileBytes,
    left,
    scope,
    onRefusal: upload.stop,
  });
  try {
    try {
      await scope.storage.put(uploadKey, Readable.from(counted.chunks()));
    } catch (error) {
      throw counted.refusal() ?? (counted.sourceFailed() ? cutShort() : error);
    }
    if ((await upload.finished).files > 1) throw badRequest(MEDIA_MESSAGES.oneFile, 'one_file');
    const served = image ? await storeServedImage(scope, userId, id, type) : null;
    const media = {
      id,
      userId,
      contentType: type,
      bytes: counted.bytes(),
      servedBytes: served?.bytes ?? counted.bytes(),
      width: served?.width ?? null,
      height: served?.height ?? null,
      takenAt: served?.takenAt ?? null,
      hasOriginal: image,
      contentHash: counted.hash(),
      createdAt: new Date(scope.clock.now()).toISOString(),
      thumbBytes: null,
      displayBytes: null,
    };
    if (!(await insertMedia(scope.db, media, scope.quotas.bytes))) throw quotaRefusal(scope);
    if (image) await askForSizes(scope.jobs, scope.log, id);
    return toMediaItem(scope, media);
  } catch (error) {
    upload.stop(); // before the clean-up: not a byte more is read
    await Promise.all(keys.map((key) => scope.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

async function storeServedImage(scope: MediaScope, userId: string, id: string, type: MediaType) {
  const original = await scope.storage.get(originalKey(userId, id));
  if (!original) throw new Error('the upload just stored is gone');
  const image = await serveableImage(original, type);
  // A header that reads well over pixels that don't (a truncated photo) fails here: the
  // image's fault (422), unlike a store that fails.
  let undecodable = false;
  image.output.once('error', () => (undecodable = true));
  try {
    await scope.storage.put(servedKey(userId, id), image.output);
  } catch (error) {
    if (undecodable) throw unreadableImage();
    throw error;
  }
  const bytes = await scope.storage.size(servedKey(userId, id));
  return { ...image, bytes: bytes ?? 0 };
}

/**
 * The first `want` bytes of a stream (fewer when it is shorter), and the stream's iterator for
 * the rest, so the type is read before anything is stored, without holding more than a sample.
 */
async function readHead(
  file: Readable,
  want: number,
): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    while (length < want) {
      const next = await rest.next();
      if (next.done) break;
      chunks.push(next.value);
      length += next.value.length;
    }
  } catch {
    throw cutShort();
  }
  return { head: Buffer.concat(chunks), rest };
}

/** The upload's bytes, counted and hashed on their way to storage, cut off past a limit. */
function countBytes(
  first: Buffer[],
  rest: AsyncIterator<Buffer>,
  limits: { fileBytes: number; left: number; scope: MediaScope; onRefusal(): void },
) {
  const hash = createHash('sha256');
  let bytes = 0;
  let refusal: HttpError | null = null;
  let sourceFailed = false;
  const take = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.fileBytes) refusal = tooLarge();
    else if (bytes > limits.left) refusal = quotaRefusal(limits.scope);
    if (refusal) {
      limits.onRefusal();
      throw refusal;
    }
    hash.update(chunk);
    return chunk;
  };
  return {
    async *chunks() {
      for (const chunk of first) yield take(chunk);
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await rest.next();
        } catch (error) {
          sourceFailed = true;
          throw error;
        }
        if (next.done) return;
        yield take(next.value);
      }
    },
    bytes: () => bytes,
    hash: () => hash.digest('hex'),
    refusal: (): HttpError | null => refusal,
    sourceFailed: () => sourceFailed,
  };
}

function tooLarge(): HttpError {
  return new HttpError(413, MEDIA_MESSAGES.tooLarge, 'payload_too_large');
}

function quotaRefusal(scope: MediaScope): HttpError {
  return byteQuotaExceeded(scope.quotas.bytes, 'files');
}

function cutShort(): HttpError {
  return badRequest('The upload was cut short. Try again.', 'upload_incomplete');
}
