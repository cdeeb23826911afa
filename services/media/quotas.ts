import { MEDIA_LIMITS } from '@dayframe/contracts';

/**
 * How much one person may upload, all files together (2 GB: years of phone photos at journal
 * pace). Tests lower it through `createMedia({ quotas })`.
 */
export const MEDIA_QUOTAS = { bytes: MEDIA_LIMITS.quotaBytes } as const;

export type MediaQuotas = { bytes: number };
