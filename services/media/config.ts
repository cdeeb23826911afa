import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { optionalEnv, systemClock, urlEnv, type Logger } from '@dayframe/service-kit/http';
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

const MIN_SECRET_BYTES = 32;

/**
 * The key file links are signed with: `MEDIA_URL_SECRET`; in production it is required (32
 * bytes or more). Elsewhere, without it, one made once and kept in `DATA_DIR/media-url-secret`,
 * as the development token keys are, so links survive a restart and every process of one
 * checkout agrees.
 */
export function mediaUrlSecret(config: MediaConfig): Buffer {
  const given = config.MEDIA_URL_SECRET;
  if (config.NODE_ENV === 'production') {
    if (!given || /change[-_ ]?me/i.test(given) || Buffer.byteLength(given) < MIN_SECRET_BYTES)
      throw new Error(
        'Invalid configuration: MEDIA_URL_SECRET: required when NODE_ENV=production, 32 bytes or more',
      );
  }
  if (given) return Buffer.from(given, 'utf8');
  return developmentSecret(config.DATA_DIR);
}

function developmentSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'media-url-secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    // Written aside, then linked into place: a process racing us never reads half a key.
    const draft = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, secret, { mode: 0o600 });
    try {
      linkSync(draft, file);
      return Buffer.from(secret, 'hex');
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'); // another process won
    } finally {
      rmSync(draft, { force: true });
    }
  }
}
