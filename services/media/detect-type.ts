import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MESSAGES, type MediaType } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';

/** How many first bytes the type is read from (file-type's own sample size). */
export const TYPE_SAMPLE_BYTES = 4100;

/**
 * file-type's answer, by extension, mapped to the type a file is kept and served as. A WebM is
 * taken for audio (a recorder's `audio/webm`): the player plays its sound alone. Opus is Ogg.
 */
const ACCEPTED: Record<string, MediaType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
  pdf: 'application/pdf',
};

/** The type read from a file's first bytes (never its name or the client's header), or a 415. */
export async function detectType(head: Buffer): Promise<MediaType> {
  const found = await fileTypeFromBuffer(head);
  const type = found && ACCEPTED[found.ext];
  if (!type) throw unsupported();
  return type;
}

export function unsupported(): HttpError {
  return new HttpError(415, MEDIA_MESSAGES.unsupported, 'unsupported_media_type');
}
