import type { Readable } from 'node:stream';
import { isRecordId, MEDIA_TYPES, type MediaType } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';
import { findMedia } from './data/media-repo.ts';
import { mediaNotFound } from './media-items.ts';
import { isValidLink } from './signed-urls.ts';
import { servedKey } from './storage-keys.ts';
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
 * A `Range` of one span is answered with that span; one past the end is a 416; any other form
 * is ignored (the whole file), as HTTP allows.
 */
export async function openFile(
  scope: MediaScope,
  id: string,
  link: { exp: unknown; sig: unknown },
  rangeHeader: string | undefined,
): Promise<OpenedFile> {
  const media = isRecordId(id) ? await findMedia(scope.db, id) : null;
  if (!media || !isValidLink(scope, media, link)) throw mediaNotFound();
  const range = rangeHeader ? parseRange(rangeHeader, media.servedBytes) : null;
  if (range === 'unsatisfiable')
    throw new HttpError(416, 'That part of the file does not exist.', 'range_not_satisfiable', {
      'Content-Range': `bytes */${media.servedBytes}`,
    });
  const body = await scope.storage.get(servedKey(media.userId, media.id), range ?? undefined);
  if (!body) throw mediaNotFound();
  const known = MEDIA_TYPES[media.contentType as MediaType];
  return {
    body,
    contentType: media.contentType,
    filename: `${media.id}.${known?.ext ?? 'bin'}`,
    inline: known?.kind === 'image' || known?.kind === 'audio',
    size: media.servedBytes,
    range,
  };
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
