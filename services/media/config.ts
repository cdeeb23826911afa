import { join } from 'node:path';
import { z } from 'zod';
import {
  linkSecret,
  optionalEnv,
  systemClock,
  urlEnv,
  type Logger,
} from '@dayframe/service-kit/http';
import {
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from '@dayframe/service-kit/limits';
import { UPLOAD_LIMITS } from './upload-limits.ts';
import { fileStorage } from './storage/file-storage.ts';
import { s3Storage } from './storage/s3-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/**
 * What the media service reads from the environment (README "Configuration"), beside the common
 * settings: the key its file links are signed with, and where the files go. Parsed once, with
 * the rest of its process's (or the embedded app's) configuration.
 */
export const mediaSettings = {
  /** Its own key: no token or service-token key signs a file link (decision 0048). */
  MEDIA_URL_SECRET: optionalEnv(z.string().min(1)),
  /** An S3-compatible bucket; the files stay in `DATA_DIR/media` without one. */
  MEDIA_S3_BUCKET: optionalEnv(z.string().min(3).max(63)),
  /** MinIO's or Garage's URL; none for AWS. */
  MEDIA_S3_ENDPOINT: optionalEnv(urlEnv(['http', 'https'])),
  AWS_REGION: optionalEnv(z.string().min(1)),
  /** Uploads one process reads at once; more wait for a 503 with `Retry-After` (decision 0048). */
  MEDIA_UPLOADS_PER_PROCESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(UPLOAD_LIMITS.perProcess),
};

type MediaConfig = {
  NODE_ENV: string;
  DATA_DIR: string;
  MEDIA_URL_SECRET?: string | undefined;
  MEDIA_S3_BUCKET?: string | undefined;
  MEDIA_S3_ENDPOINT?: string | undefined;
  AWS_REGION?: string | undefined;
};

/**
 * The upload counts a minute in Redis when `REDIS_URL` is set (every replica counts together, as
 * identity's limits do), in memory otherwise. Whoever makes it closes it.
 */
export function mediaRateLimiter(
  config: { REDIS_URL?: string | undefined; QUEUE_PREFIX: string },
  log: Logger,
): RateLimiter {
  return config.REDIS_URL
    ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
    : memoryRateLimiter(systemClock);
}

/** The store the configuration names: the bucket when one is set, `DATA_DIR/media` otherwise. */
export function mediaStorageFrom(config: MediaConfig): MediaStorage {
  if (!config.MEDIA_S3_BUCKET) return fileStorage(join(config.DATA_DIR, 'media'));
  // Credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID and the rest).
  return s3Storage({
    bucket: config.MEDIA_S3_BUCKET,
    endpoint: config.MEDIA_S3_ENDPOINT,
    region: config.AWS_REGION ?? 'us-east-1',
  });
}

/**
 * The key file links are signed with: `MEDIA_URL_SECRET`; in production it is required (32
 * bytes or more). Elsewhere, without it, one made once and kept in `DATA_DIR/media-url-secret`.
 */
export function mediaUrlSecret(config: MediaConfig): Buffer {
  return linkSecret({
    name: 'MEDIA_URL_SECRET',
    value: config.MEDIA_URL_SECRET,
    NODE_ENV: config.NODE_ENV,
    DATA_DIR: config.DATA_DIR,
    file: 'media-url-secret',
  });
}
