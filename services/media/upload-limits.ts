import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@dayframe/contracts';
import { HttpError, tooManyRequests } from '@dayframe/service-kit/http';
import type { RateLimiter } from '@dayframe/service-kit/limits';

/**
 * How many uploads are let in: per account, `perMinute` started in a minute (counted in Redis
 * when distributed, so every replica counts together) and `inFlight` on their way at once; per
 * process, `perProcess` read at once, so a burst cannot take all of a replica's memory and
 * sockets. Tests lower them through `createMedia({ uploads })`.
 */
export type UploadLimits = { perMinute: number; inFlight: number; perProcess: number };

export const UPLOAD_LIMITS: UploadLimits = {
  perMinute: MEDIA_LIMITS.uploadsPerMinute,
  inFlight: MEDIA_LIMITS.uploadsInFlight,
  perProcess: MEDIA_LIMITS.uploadsPerProcess,
};

const MINUTE_MS = 60_000;
/** A busy process frees a slot within seconds (one upload's time), not a minute. */
const BUSY_RETRY_SECONDS = 2;

/** The doorkeeper of uploads: `admit` before reading a byte of the body, `release` once answered. */
export type UploadGate = {
  /** Lets one upload of `userId` in, or throws 503/429 (`Retry-After`); the slot is held until `release`. */
  admit(userId: string): Promise<{ release(): void }>;
  /** Uploads this process is reading now. */
  inFlight(): number;
};

/**
 * The in-flight counts are this process's: an upload is held by the replica reading it, and one
 * that dies takes its count with it (a count kept in Redis would outlive a killed replica). So
 * across N replicas an account may have up to N × `inFlight` uploads on their way; the minute's
 * count is shared.
 */
export function uploadGate(limits: UploadLimits, limiter: RateLimiter): UploadGate {
  let inProcess = 0;
  const byAccount = new Map<string, number>();
  return {
    inFlight: () => inProcess,
    async admit(userId) {
      if (inProcess >= limits.perProcess)
        throw new HttpError(503, MEDIA_MESSAGES.busy, 'uploads_busy', {
          'Retry-After': String(BUSY_RETRY_SECONDS),
        });
      const mine = byAccount.get(userId) ?? 0;
      if (mine >= limits.inFlight)
        throw tooManyRequests(MEDIA_MESSAGES.uploadsInFlight, 1, 'uploads_in_flight');
      // Taken before the minute's count is asked (a wait on Redis), so uploads arriving together
      // see each other.
      inProcess++;
      byAccount.set(userId, mine + 1);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        inProcess--;
        const left = (byAccount.get(userId) ?? 1) - 1;
        if (left > 0) byAccount.set(userId, left);
        else byAccount.delete(userId);
      };
      try {
        // Counted only once the other limits let it in: a refused attempt spends none of the minute.
        const minute = await limiter.hit(`media-uploads:${userId}`, limits.perMinute, MINUTE_MS);
        if (!minute.allowed)
          throw tooManyRequests(
            MEDIA_MESSAGES.tooManyUploads,
            minute.retryAfterMs / 1000,
            'too_many_uploads',
          );
      } catch (error) {
        release();
        throw error;
      }
      return { release };
    },
  };
}
