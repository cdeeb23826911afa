/**
 * The media service: photos, audio and PDFs a person adds, `/api/media*` (decision 0048). It
 * owns the `media` table and the files, in the local file system or an S3-compatible bucket
 * behind one interface (`MediaStorage`); no other service reads either. Files are served by
 * links signed for their owner (`GET /api/media/:id/file?exp&sig`); an image's thumbnail and
 * display size are made by a job on its own queue (`MEDIA_SIZES_QUEUE`), which it also works.
 *
 * @example
 * import { createMedia, mediaStorageFrom, mediaUrlSecret } from '@dayframe/media';
 * const limiter = mediaRateLimiter(config, log);
 * const media = createMedia({ db, tokens, checkSession, serviceKey, log, jobs, limiter,
 *   storage: mediaStorageFrom(config), urlKey: mediaUrlSecret(config),
 *   uploads: { perProcess: config.MEDIA_UPLOADS_PER_PROCESS } });
 * await media.migrate();
 * keepAccountDataInStep({ name: 'media', owner: media, events, tokens, users, log, sweep });
 * // Files no entry refers to go after a day (decision 0049): give `references` (journals) and
 * media.ready({ everyMs: 3_600_000, firstMs: 60_000 });
 */
export { createMedia, type Media, type MediaArchivePart, type MediaDeps } from './media-service.ts';
export { mediaRateLimiter, mediaSettings, mediaStorageFrom, mediaUrlSecret } from './config.ts';
export { UPLOAD_LIMITS, type UploadLimits } from './upload-limits.ts';
export { MEDIA_QUOTAS, type MediaQuotas } from './quotas.ts';
export {
  remoteMediaReferences,
  UNREFERENCED_GRACE_MS,
  type MediaReferences,
} from './unreferenced-sweep.ts';
export type { MediaStorage, ByteRange } from './storage/media-storage.ts';
export { fileStorage } from './storage/file-storage.ts';
export { s3Storage, type S3Settings } from './storage/s3-storage.ts';
