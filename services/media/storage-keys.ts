/**
 * Where a file's bytes are kept: what is served under `<user>/<id>`, and an image's upload, kept
 * privately as it came (with its EXIF), under `<user>/<id>.original`. By user first, so an
 * account's files sit together.
 */
export function servedKey(userId: string, id: string): string {
  return `${userId}/${id}`;
}

export function originalKey(userId: string, id: string): string {
  return `${userId}/${id}.original`;
}

/** Every key a file may have: what removing it removes. */
export function keysOf(media: { userId: string; id: string; hasOriginal: boolean }): string[] {
  const keys = [servedKey(media.userId, media.id)];
  if (media.hasOriginal) keys.push(originalKey(media.userId, media.id));
  return keys;
}
