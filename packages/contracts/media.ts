import { z } from 'zod';

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

/** One stored file, as `POST /api/media` and `GET /api/media` answer it. */
export const mediaItem = z.object({
  id: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** The day the photo was taken (EXIF), `YYYY-MM-DD`. */
  takenAt: z.string().optional(),
  createdAt: z.string(),
  /** A link signed for the owner, valid for `MEDIA_LIMITS.urlSeconds`. */
  url: z.string(),
  /** An image's 400 px WebP, once the background job has made it. */
  thumbnailUrl: z.string().optional(),
  /** An image's 1600 px WebP for the lightbox, once the background job has made it. */
  displayUrl: z.string().optional(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** `GET /api/media/usage`: bytes stored by the caller, and the most they may store. */
export const mediaUsage = z.object({ used: z.number().int(), quota: z.number().int() });
export type MediaUsage = z.infer<typeof mediaUsage>;

/**
 * One of an account's files as the archive exports it (media's `GET /internal/export`): what
 * `dayframe.json`'s `media` list says of it. `sha256` is of the file as uploaded (what the zip
 * carries), so an import can tell a file it already holds.
 */
export const mediaExportItem = z.object({
  id: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string(),
  takenAt: z.string().optional(),
});
export type MediaExportItem = z.infer<typeof mediaExportItem>;
export const mediaExport = z.object({ media: z.array(mediaExportItem) });
export type MediaExport = z.infer<typeof mediaExport>;

/**
 * Media's `POST /internal/import/check`: the files an import would add, by hash and size; it
 * answers how many bytes of them are new (the rest the account already holds) or 409 when they
 * would pass the quota, before anything is stored or written.
 */
export const mediaImportCheck = z.object({
  files: z
    .array(
      z.object({
        sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 hex digits' }),
        bytes: z.number().int().nonnegative(),
      }),
    )
    .max(10_000),
});
export type MediaImportCheck = z.infer<typeof mediaImportCheck>;
export const mediaImportChecked = z.object({ newBytes: z.number().int().nonnegative() });
/** Media's `POST /internal/import?sha256=`: the file's id, `created` false when it was held already. */
export const mediaImported = z.object({ id: z.string(), created: z.boolean() });
export type MediaImported = z.infer<typeof mediaImported>;
