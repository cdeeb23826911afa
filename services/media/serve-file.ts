import type { Readable } from 'node:stream';
import { isRecordId, MEDIA_TYPES, type MediaType } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';
import { findMedia } from './data/media-repo.ts';
import type { StoredMedia } from './data/media-row.ts';
import { mediaNotFound } from './media-items.ts';
import { isValidLink } from './signed-urls.ts';
import { SIZE_VARIANTS, servedKey, variantKey, type SizeVariant } from './storage-keys.ts';
import type { ByteRange } from './storage/media-storage.ts';
import type { MediaScope } from './scope.ts';

/** A file to answer with: its bytes (or a range of them) and what the headers say of it. */
export type OpenedFile = {
  body: Readable;
  contentType: string;
  /** The file's name for Content-Disposition: its id and the extension of its type. */
  filename: string;
  /** Shown in the page (images, audio) or only downloaded (everything else). */
  inline: boolean;
  size: number;
  range: ByteRange | null;
};

/**
 * Opens a file by a signed link (see signed-urls.ts). Whatever is wrong with the link, the id or
 * the owner, the answer is the same 404, so a link reveals nothing about files it does not open.
 * An image's thumbnail or display size (`size=thumb|display`, signed into the link) is a WebP
 * of its own, opened the same way once the sizes job has made it.
 * A `Range` of one span is answered with that span; one past the end is a 416; any other form
 * is ignored (the whole file), as HTTP allows.
 */
export async function openFile(
  scope: MediaScope,
  id: string,
  link: { exp: unknown; sig: unknown; size?: unknown },
  rangeHeader: string | undefined,
): Promise<OpenedFile> {
  const variant = sizeOf(link.size);
  const media = isRecordId(id) ? await findMedia(scope.db, id) : null;
  if (!media || variant === 'unknown' || !isValidLink(scope, media, link, variant))
    throw mediaNotFound();
  const file = variant ? sizedFile(media, variant) : servedFile(media);
  if (file.size === null) throw mediaNotFound(); // not made yet
  const range = rangeHeader ? parseRange(rangeHeader, file.size) : null;
  if (range === 'unsatisfiable')
    throw new HttpError(416, 'That part of the file does not exist.', 'range_not_satisfiable', {
      'Content-Range': `bytes */${file.size}`,
    });
  const body = await scope.storage.get(file.key, range ?? undefined);
  if (!body) throw mediaNotFound();
  return { ...file, body, size: file.size, range };
}

function servedFile(media: StoredMedia) {
  const known = MEDIA_TYPES[media.contentType as MediaType];
  return {
    key: servedKey(media.userId, media.id),
    contentType: media.contentType,
    filename: `${media.id}.${known?.ext ?? 'bin'}`,
    inline: known?.kind === 'image' || known?.kind === 'audio',
    size: media.servedBytes as number | null,
  };
}

function sizedFile(media: StoredMedia, variant: SizeVariant) {
  return {
    key: variantKey(media.userId, media.id, variant),
    contentType: 'image/webp',
    filename: `${media.id}-${variant}.webp`,
    inline: true,
    size: variant === 'thumb' ? media.thumbBytes : media.displayBytes,
  };
}

/** No `size` is the served file; a size the service does not make is no file at all. */
function sizeOf(size: unknown): SizeVariant | undefined | 'unknown' {
  if (size === undefined) return undefined;
  return SIZE_VARIANTS.find((variant) => variant === size) ?? 'unknown';
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null for anything else (ignored). */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
