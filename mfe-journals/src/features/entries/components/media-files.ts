import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_TYPES,
  MEDIA_SCHEME,
  mediaMarkdown,
  type MediaItem,
} from '@dayframe/contracts';

/** The file picker's `accept`: every type the media service keeps, and their extensions. */
export const ACCEPT = [
  ...Object.keys(MEDIA_TYPES),
  ...Object.values(MEDIA_TYPES).map((type) => `.${type.ext}`),
  '.jpeg',
].join(',');

const EXTENSIONS = new Set([...Object.values(MEDIA_TYPES).map((type) => type.ext), 'jpeg']);

/**
 * Why the media service would refuse `file`, said before a byte is sent (the server checks
 * again, by the file's first bytes): too large, or a kind it does not keep. A browser that does
 * not know the type (an empty `type`) is judged by the name's extension.
 */
export function fileProblem(file: File): string | null {
  if (file.size > MEDIA_LIMITS.fileBytes) return MEDIA_MESSAGES.tooLarge;
  if (file.type in MEDIA_TYPES) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return !file.type && ext && EXTENSIONS.has(ext) ? null : MEDIA_MESSAGES.unsupported;
}

/** A file's name without its extension: the caption a photo starts with. */
export function captionOf(name: string): string {
  return name.replace(/\.[^./\\]+$/, '').trim();
}

/**
 * The Markdown for an uploaded file: photos and audio are embedded with the file's name as
 * caption; a document is a link named after the file (a PDF is read, not looked at).
 */
export function referenceFor(file: File, item: MediaItem): string {
  if (item.contentType.startsWith('image/') || item.contentType.startsWith('audio/'))
    return mediaMarkdown(item.id, captionOf(file.name));
  const name = file.name.replace(/([[\]\\])/g, '\\$1') || 'File';
  return `[${name}](${MEDIA_SCHEME}${item.id})`;
}
