import type { Knex } from '@dayframe/service-kit/db';
import {
  MEDIA_COLUMNS,
  toMediaRow,
  toStoredMedia,
  type MediaRow,
  type StoredMedia,
} from './media-row.ts';

/** The bytes a person has uploaded (what the quota counts). */
export async function usedBytes(db: Knex, userId: string): Promise<number> {
  const row = await db('media').where({ user_id: userId }).sum({ used: 'bytes' }).first();
  return Number(row?.used ?? 0);
}

/**
 * Adds the file's row unless it would take the person past `quota` bytes; false then, and
 * nothing written. Summed inside the inserting transaction, so the sum and the row go together;
 * concurrent uploads on MySQL can overshoot by the few in flight at once.
 */
export async function insertMedia(
  db: Knex,
  media: Omit<StoredMedia, 'seq'>,
  quota: number,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    if ((await usedBytes(trx, media.userId)) + media.bytes > quota) return false;
    await trx('media').insert(toMediaRow(media));
    return true;
  });
}

/** A file by id, whoever owns it: a signed link names the owner, which the caller then checks. */
export async function findMedia(db: Knex, id: string): Promise<StoredMedia | null> {
  const row: MediaRow | undefined = await db('media').select(MEDIA_COLUMNS).where({ id }).first();
  return row ? toStoredMedia(row) : null;
}

/** Those of `ids` that are the person's files. */
export async function findMediaByIds(
  db: Knex,
  userId: string,
  ids: string[],
): Promise<StoredMedia[]> {
  if (ids.length === 0) return [];
  const rows: MediaRow[] = await db('media')
    .select(MEDIA_COLUMNS)
    .where({ user_id: userId })
    .whereIn('id', ids);
  return rows.map(toStoredMedia);
}

/** One page of a person's files, newest first, after the one numbered `beforeSeq`. */
export async function findMediaPage(
  db: Knex,
  userId: string,
  page: { beforeSeq: number | undefined; limit: number },
): Promise<StoredMedia[]> {
  const query = db('media').select(MEDIA_COLUMNS).where({ user_id: userId });
  if (page.beforeSeq !== undefined) query.andWhere('seq', '<', page.beforeSeq);
  const rows: MediaRow[] = await query.orderBy('seq', 'desc').limit(page.limit);
  return rows.map(toStoredMedia);
}

/**
 * Records one of an image's sizes once the job has stored it; false when the file is gone
 * (deleted meanwhile), so the job removes what it just wrote.
 */
export async function recordSize(
  db: Knex,
  id: string,
  variant: 'thumb' | 'display',
  bytes: number,
): Promise<boolean> {
  const column = variant === 'thumb' ? 'thumb_bytes' : 'display_bytes';
  return (
    (await db('media')
      .where({ id })
      .update({ [column]: bytes })) > 0
  );
}

/** Removes one of the person's rows; false when they have none with that id. */
export async function deleteMediaRow(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('media').where({ id, user_id: userId }).delete()) > 0;
}

/** Up to `limit` of a person's files, for removing an account's files a batch at a time. */
export async function someMediaOf(db: Knex, userId: string, limit: number): Promise<StoredMedia[]> {
  const rows: MediaRow[] = await db('media')
    .select(MEDIA_COLUMNS)
    .where({ user_id: userId })
    .orderBy('seq')
    .limit(limit);
  return rows.map(toStoredMedia);
}

export async function deleteMediaRows(db: Knex, userId: string, ids: string[]): Promise<void> {
  await db('media').where({ user_id: userId }).whereIn('id', ids).delete();
}

/** Distinct owners in id order after `after`, for the orphan sweep (the by-user index serves it). */
export async function userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]> {
  const rows: { user_id: string }[] = await db('media')
    .distinct('user_id')
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit);
  return rows.map((row) => row.user_id);
}
