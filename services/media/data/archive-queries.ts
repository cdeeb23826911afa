import type { Knex } from '@dayframe/service-kit/db';
import { MEDIA_COLUMNS, toStoredMedia, type MediaRow, type StoredMedia } from './media-row.ts';

/** Every file of a person, oldest first (the export's list). */
export async function allMediaOf(db: Knex, userId: string): Promise<StoredMedia[]> {
  const rows: MediaRow[] = await db('media')
    .select(MEDIA_COLUMNS)
    .where({ user_id: userId })
    .orderBy('seq');
  return rows.map(toStoredMedia);
}

/** The person's first file of these bytes (by their sha256), or null: how an import deduplicates. */
export async function mediaWithHash(
  db: Knex,
  userId: string,
  contentHash: string,
): Promise<StoredMedia | null> {
  const row: MediaRow | undefined = await db('media')
    .select(MEDIA_COLUMNS)
    .where({ user_id: userId, content_hash: contentHash })
    .orderBy('seq')
    .first();
  return row ? toStoredMedia(row) : null;
}

/** Of these hashes, those the person already holds a file of. */
export async function heldHashes(db: Knex, userId: string, hashes: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  // In slices: a long IN list is a long statement, and SQLite caps its parameters.
  for (let at = 0; at < hashes.length; at += 500) {
    const rows: { content_hash: string }[] = await db('media')
      .distinct('content_hash')
      .where({ user_id: userId })
      .whereIn('content_hash', hashes.slice(at, at + 500));
    for (const row of rows) held.add(row.content_hash);
  }
  return held;
}
