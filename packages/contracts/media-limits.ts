// Apart from the schemas in media.ts: the screens that add, list and count files read these,
// and a module is bundled whole once one of its exports is used, zod with it.

/**
 * What the media service accepts and keeps (decision 0048): one file per upload, at most
 * `fileBytes`; `quotaBytes` of uploads per account; images up to `imagePixels` (a decompression
 * bomb is refused before it is decoded); file links that live `urlSeconds`.
 */
export const MEDIA_LIMITS = {
  // In the decimal units the messages use ("25 MB", "2 GB").
  fileBytes: 25_000_000,
  quotaBytes: 2_000_000_000,
  imagePixels: 100_000_000,
  urlSeconds: 3600,
  /** How many ids one `GET /api/media?ids=` may ask for. */
  idsPerRequest: 100,
  /** Uploads one account may start in a minute, and have on their way at once. */
  uploadsPerMinute: 60,
  uploadsInFlight: 3,
  /** Uploads one process reads at once, unless `MEDIA_UPLOADS_PER_PROCESS` says otherwise. */
  uploadsPerProcess: 16,
  /** The longest side of an image's thumbnail and of its display size (WebP, never enlarged). */
  thumbnailPixels: 400,
  displayPixels: 1600,
  /** What the gateway lets through for an upload: the file and its multipart wrapping. */
  uploadBytes: 25_000_000 + 64 * 1024,
} as const;

/** The kinds of file that can be added, by the type read from their first bytes. */
export const MEDIA_TYPES = {
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/avif': { kind: 'image', ext: 'avif' },
  'audio/mpeg': { kind: 'audio', ext: 'mp3' },
  'audio/mp4': { kind: 'audio', ext: 'm4a' },
  'audio/ogg': { kind: 'audio', ext: 'ogg' },
  'audio/webm': { kind: 'audio', ext: 'webm' },
  'application/pdf': { kind: 'document', ext: 'pdf' },
} as const satisfies Record<string, { kind: 'image' | 'audio' | 'document'; ext: string }>;
export type MediaType = keyof typeof MEDIA_TYPES;

export const MEDIA_MESSAGES = {
  unsupported: "This kind of file can't be added.",
  tooLarge: 'Files can be at most 25 MB.',
  imageTooLarge: 'This image has too many pixels to show.',
  unreadableImage: "This image can't be read.",
  noFile: 'Choose a file to add.',
  oneFile: 'Add one file at a time.',
  notMultipart: 'Send the file as multipart/form-data.',
  notFound: 'File not found.',
  deleted: 'File deleted.',
  badIds: 'Ask for at most 100 files, by their ids.',
  tooManyUploads: 'You are adding files very quickly. Wait a minute, then try again.',
  uploadsInFlight: 'Three files are already on their way. Wait for one to finish, then try again.',
  busy: 'Files are busy right now. Try again in a moment.',
} as const;
