import type { Knex } from '@dayframe/service-kit/db';
import { MEDIA_COLUMNS, toStoredMedia, type MediaRow, type StoredMedia } from './media-row.ts';

/**
 * Up to `limit` of a person's files created before `before` (an ISO time, compared as text as
 * `created_at` is written), in upload order after the one numbered `afterSeq`: the sweep of
 * unreferenced files walks one person at a time on `media_by_user`.
 */
export async function mediaOlderThan(
  db: Knex,
  userId: string,
  before: string,
  afterSeq: number,
  limit: number,
): Promise<StoredMedia[]> {
  const rows: MediaRow[] = await db('media')
    .select(MEDIA_COLUMNS)
    .where('user_id', userId)
    .andWhere('seq', '>', afterSeq)
    .andWhere('created_at', '<', before)
    .orderBy('seq')
    .limit(limit);
  return rows.map(toStoredMedia);
}
