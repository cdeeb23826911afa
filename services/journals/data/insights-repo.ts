import type { Knex } from '@dayframe/service-kit/db';
import type { EntryMetaRow } from './entry-meta.ts';
import { firstPhotoColumn } from './entry-media.ts';

/** Enough of an entry's beginning for an excerpt, without reading 50,000 characters. */
const EXCERPT_SOURCE = 400;

export type PastEntryRow = {
  id: string;
  journal_id: string;
  journal_title: string;
  title: string;
  beginning: string;
  date: string;
  /** The first file it embeds (firstPhotoColumn), or null. */
  photo: string | null;
} & EntryMetaRow;

/** The user's earliest entry date, or null with no entry: where "earlier years" begin. */
export async function findFirstEntryDate(db: Knex, userId: string): Promise<string | null> {
  const row: { first?: string | null } | undefined = await db('entries')
    .min({ first: 'date' })
    .where('user_id', userId)
    .first();
  return row?.first ?? null;
}

/**
 * Up to `limit` of the user's entries on exactly these dates, newest first (later written first
 * within a day), each date an equality seek on the (user_id, date) index.
 */
export async function findEntriesOnDates(
  db: Knex,
  userId: string,
  dates: string[],
  limit: number,
): Promise<PastEntryRow[]> {
  if (dates.length === 0) return [];
  return (
    db('entries as e')
      .join('journals as j', 'j.id', 'e.journal_id')
      .select(
        'e.id',
        'e.journal_id',
        'j.title as journal_title',
        'e.title',
        db.raw('substr(e.content, 1, ?) as beginning', [EXCERPT_SOURCE]),
        'e.date',
        'e.tags',
        'e.mood',
        'e.starred',
        firstPhotoColumn(db),
      )
      .where('e.user_id', userId)
      // As in findEntriesBetween: if SQLite starts from the journals, only this user's.
      .andWhere('j.user_id', userId)
      .whereIn('e.date', dates)
      .orderBy([
        { column: 'e.date', order: 'desc' },
        { column: 'e.seq', order: 'desc' },
      ])
      .limit(limit)
  );
}

/** Entries per day within [from, to], for the days with any; read from the index alone. */
export async function countEntriesByDay(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<{ date: string; count: number }[]> {
  const rows = (await db('entries')
    .select('date')
    .count({ n: '*' })
    .where('user_id', userId)
    .andWhere('date', '>=', from)
    .andWhere('date', '<=', to)
    .groupBy('date')
    .orderBy('date')) as { date: string; n: number | string }[];
  return rows.map((row) => ({ date: row.date, count: Number(row.n) }));
}

/** Up to `limit` distinct days with an entry on or before `to`, latest first, from the index alone. */
export async function findWrittenDaysUpTo(
  db: Knex,
  userId: string,
  to: string,
  limit: number,
): Promise<string[]> {
  const rows: { date: string }[] = await db('entries')
    .distinct('date')
    .where('user_id', userId)
    .andWhere('date', '<=', to)
    .orderBy('date', 'desc')
    .limit(limit);
  return rows.map((row) => row.date);
}

/**
 * The average mood of each day within [from, to] that has an entry with a mood, earliest first:
 * read from the (user_id, date, mood) index alone.
 */
export async function averageMoodByDay(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<{ date: string; average: number; entries: number }[]> {
  const rows = (await db('entries')
    .select('date')
    .avg({ average: 'mood' })
    .count({ n: 'mood' })
    .where('user_id', userId)
    .andWhere('date', '>=', from)
    .andWhere('date', '<=', to)
    .whereNotNull('mood')
    .groupBy('date')
    .orderBy('date')) as { date: string; average: number | string; n: number | string }[];
  return rows.map((row) => ({
    date: row.date,
    // Two decimals at most: 3.3333… reads as 3.33 and compares the same on both databases.
    average: Math.round(Number(row.average) * 100) / 100,
    entries: Number(row.n),
  }));
}
