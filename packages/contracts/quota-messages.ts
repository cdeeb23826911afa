// What a create past a per-user quota answers, apart from the paging schemas in paging.ts:
// Settings shows byte sizes with it, and a module is bundled whole once one of its exports is
// used, zod with it.

/** The code of the 409 that answers a create past a per-user quota. */
export const QUOTA_EXCEEDED_CODE = 'quota_exceeded';

/** 'You have reached the limit of 1,000 journals.' */
export function quotaMessage(limit: number, things: string): string {
  return `You have reached the limit of ${limit.toLocaleString('en-US')} ${things}.`;
}

/** 200,000,000 → '200 MB', 2,500 → '2.5 kB', 900 → '900 bytes' (decimal units). */
export function byteSize(bytes: number): string {
  const [unit, size] =
    bytes >= 1e9
      ? ['GB', 1e9]
      : bytes >= 1e6
        ? ['MB', 1e6]
        : bytes >= 1e3
          ? ['kB', 1e3]
          : ['bytes', 1];
  return `${Number((bytes / size).toFixed(1)).toLocaleString('en-US')} ${unit}`;
}

/** 'You have reached the limit of 200 MB of entry text.' */
export function byteQuotaMessage(limit: number, things: string): string {
  return `You have reached the limit of ${byteSize(limit)} of ${things}.`;
}
