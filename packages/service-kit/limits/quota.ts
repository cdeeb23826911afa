import { byteQuotaMessage, QUOTA_EXCEEDED_CODE, quotaMessage } from '@dayframe/contracts';
import { conflict, type HttpError } from '../http/errors.ts';

/**
 * The 409 of a create past a per-user quota ('You have reached the limit of 1,000 journals.').
 * Quotas keep every list and table bounded per person; they are generous, so only a runaway
 * script or an abuser meets one.
 */
export function quotaExceeded(limit: number, things: string): HttpError {
  return conflict(quotaMessage(limit, things), QUOTA_EXCEEDED_CODE);
}

/** The same 409 for a quota of stored text ('You have reached the limit of 200 MB of entry text.'). */
export function byteQuotaExceeded(limit: number, things: string): HttpError {
  return conflict(byteQuotaMessage(limit, things), QUOTA_EXCEEDED_CODE);
}
