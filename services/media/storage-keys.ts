/**
 * Where a file's bytes are kept: what is served under `<user>/<id>`, and an image's upload, kept
 * privately as it came (with its EXIF), under `<user>/<id>.original`; an image's thumbnail and
 * display size (made by the sizes job) under `<user>/<id>.thumb` and `<user>/<id>.display`. By
 * user first, so an account's files sit together.
 */
export function servedKey(userId: string, id: string): string {
  return `${userId}/${id}`;
}

export function originalKey(userId: string, id: string): string {
  return `${userId}/${id}.original`;
}

/** The smaller copies of an image, each its own key and signed link (see signed-urls.ts). */
export const SIZE_VARIANTS = ['thumb', 'display'] as const;
export type SizeVariant = (typeof SIZE_VARIANTS)[number];

export function variantKey(userId: string, id: string, variant: SizeVariant): string {
  return `${userId}/${id}.${variant}`;
}

/**
 * Every key a file may have: what removing it removes. An image's sizes are named whether made
 * yet or not: the job may be writing them while the file is deleted, and removing a key that
 * is not there is no error.
 */
export function keysOf(media: { userId: string; id: string; hasOriginal: boolean }): string[] {
  const keys = [servedKey(media.userId, media.id)];
  if (media.hasOriginal)
    keys.push(
      originalKey(media.userId, media.id),
      ...SIZE_VARIANTS.map((variant) => variantKey(media.userId, media.id, variant)),
    );
  return keys;
}
