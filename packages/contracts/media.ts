import { z } from 'zod';

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
