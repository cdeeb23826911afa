import type { Knex } from '@dayframe/service-kit/db';
import { contentHash, isMysql, readCappedByDay } from '@dayframe/service-kit/db';
import { CALENDAR_LIMITS, type CalendarEntry, type Entry } from '@dayframe/contracts';
import { entryBytes } from '../quotas.ts';
import { entryBytesOf, entryBytesSql } from './entry-bytes.ts';
import { entryMetaOf, readEntryTags, writeEntryTags, type EntryMetaRow } from './entry-meta.ts';
import { firstPhotoColumn, writeEntryMedia } from './entry-media.ts';
import { deleteVersionsOfEntries, keepVersion, type HistoryBounds } from './version-repo.ts';

type EntryRow = {
  id: string;
  journal_id: string;
  title: string;
  content: string;
  date: string;
} & EntryMetaRow;

export const ENTRY_COLUMNS = [
  'id',
  'journal_id',
  'title',
  'content',
  'date',
  'tags',
  'mood',
  'starred',
] as const;

export function toEntry(row: EntryRow): Entry {
  return {
    _id: row.id,
    journalId: row.journal_id,
    title: row.title,
    content: row.content,
    date: row.date,
    type: 'entry',
    ...entryMetaOf(row),
  };
}

/** An entry's tags, mood and star as a write sets them; a field left out is left as it is. */
export type EntryMetaWrite = { tags?: string[]; mood?: number | null; starred?: boolean };

/**
 * The `content_hash` of an entry: what an import compares (journal and date aside). Every write
 * of a title or content sets it.
 */
export function entryHash(entry: { title: string; content: string }): string {
  return contentHash(entry.title, entry.content);
}

/** True when an insert named a journal that is gone (deleted between the check and the insert). */
export function isMissingJournal(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ER_NO_REFERENCED_ROW_2' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Why a write was refused: the quota it would pass. */
export type PassedQuota = 'entries' | 'entryBytes';

/**
 * Adds the entry unless the user already has `quotas.entries` entries or the entry's text would
 * take them past `quotas.entryBytes` bytes; the quota passed then, and nothing written.
 * Counted inside the inserting transaction (on the user's indexes), so the count and the row go
 * together; concurrent creates on MySQL can overshoot by the few in flight at once.
 */
export async function insertEntry(
  db: Knex,
  entry: {
    id: string;
    journalId: string;
    userId: string;
    title: string;
    content: string;
    date: string;
    createdAt: string;
    tags: string[];
    mood: number | null;
    starred: boolean;
  },
  quotas: { entries: number; entryBytes: number },
): Promise<PassedQuota | null> {
  return db.transaction(async (trx) => {
    const counted = await trx('entries').where({ user_id: entry.userId }).count({ n: '*' }).first();
    if (Number(counted?.n ?? 0) >= quotas.entries) return 'entries';
    if ((await entryBytesOf(trx, entry.userId)) + entryBytes(entry) > quotas.entryBytes)
      return 'entryBytes';
    await trx('entries').insert({
      id: entry.id,
      journal_id: entry.journalId,
      user_id: entry.userId,
      title: entry.title,
      content: entry.content,
      content_hash: entryHash(entry),
      date: entry.date,
      created_at: entry.createdAt,
      tags: entry.tags.join(' '),
      mood: entry.mood,
      starred: entry.starred,
    });
    await writeEntryTags(trx, entry.userId, entry.id, entry.tags);
    await writeEntryMedia(trx, entry.userId, [entry.id]);
    return null;
  });
}

/** Where an entry sits in its journal's order: its date, then when it was written. */
export type EntryPosition = { date: string; seq: number };

/**
 * Up to `limit` of a journal's entries by full date, latest first, the later written first
 * within a day, starting after `after`. A keyset range on the (journal_id, date, seq) index, so
 * the thousandth page costs what the first does. `last` is the position of the last entry
 * returned, `more` whether any follow.
 */
export function findEntriesPage(
  db: Knex,
  userId: string,
  journalId: string,
  limit: number,
  after?: EntryPosition,
): Promise<EntriesPage> {
  return entriesPageWhere(db, { journal_id: journalId, user_id: userId }, limit, after);
}

/** The user's starred entries, paged as `findEntriesPage` pages a journal's (entries_starred_by_user). */
export function findStarredPage(
  db: Knex,
  userId: string,
  limit: number,
  after?: EntryPosition,
): Promise<EntriesPage> {
  return entriesPageWhere(db, { user_id: userId, starred: true }, limit, after);
}

/** One keyset page of the entries matching `where`, on the index `where` leads with. */
function entriesPageWhere(
  db: Knex,
  where: Record<string, string | boolean>,
  limit: number,
  after?: EntryPosition,
): Promise<EntriesPage> {
  return readEntriesPage(
    db('entries')
      .select([...ENTRY_COLUMNS, 'seq'])
      .where(where),
    { date: 'date', seq: 'seq' },
    limit,
    after,
  );
}

export type EntriesPage = { entries: Entry[]; last: EntryPosition | null; more: boolean };

/**
 * One page of `query`'s entries latest first, after `after`: the keyset walk every entries list
 * shares. `columns` name the date and write order it walks (an index's last two columns).
 */
export async function readEntriesPage(
  query: Knex.QueryBuilder,
  columns: { date: string; seq: string },
  limit: number,
  after?: EntryPosition,
): Promise<EntriesPage> {
  if (after)
    query.andWhere((older) =>
      older
        .where(columns.date, '<', after.date)
        .orWhere((sameDay) =>
          sameDay.where(columns.date, after.date).andWhere(columns.seq, '<', after.seq),
        ),
    );
  const rows: (EntryRow & { seq: number | string })[] = await query
    .orderBy([
      { column: columns.date, order: 'desc' },
      { column: columns.seq, order: 'desc' },
    ])
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const lastRow = shown.at(-1);
  return {
    entries: shown.map(toEntry),
    last: lastRow ? { date: lastRow.date, seq: Number(lastRow.seq) } : null,
    more: rows.length > limit,
  };
}

export async function findEntry(
  db: Knex,
  userId: string,
  journalId: string,
  id: string,
): Promise<Entry | null> {
  const row: EntryRow | undefined = await db('entries')
    .select(ENTRY_COLUMNS)
    .where({ id, journal_id: journalId, user_id: userId })
    .first();
  return row ? toEntry(row) : null;
}

/** The latest entry written for the day, if any. */
export async function findEntryOn(
  db: Knex,
  userId: string,
  journalId: string,
  date: string,
): Promise<Entry | null> {
  const row: EntryRow | undefined = await db('entries')
    .select(ENTRY_COLUMNS)
    .where({ journal_id: journalId, user_id: userId, date })
    .orderBy('seq', 'desc')
    .first();
  return row ? toEntry(row) : null;
}

/** Whether the user has any entry dated `date`, in any journal (the `entries_by_user_date` index). */
export async function hasEntryOn(db: Knex, userId: string, date: string): Promise<boolean> {
  const row: unknown = await db('entries').select('seq').where({ user_id: userId, date }).first();
  return row !== undefined;
}

/**
 * The updated entry, null when the user has no such entry in that journal, or 'entryBytes' (and
 * nothing written) when the new text would take the user past `entryBytesQuota` bytes. A save
 * that changes the title or content keeps the text it replaces as a version (`history`, saved
 * `now`); an unchanged save keeps none.
 */
export async function updateEntryRow(
  db: Knex,
  userId: string,
  journalId: string,
  id: string,
  fields: { title: string; content: string } & EntryMetaWrite,
  entryBytesQuota: number,
  history: HistoryBounds & { now: string },
): Promise<Entry | 'entryBytes' | null> {
  const where = { id, journal_id: journalId, user_id: userId };
  const updated = await db.transaction(async (trx) => {
    const current = trx('entries')
      .select(
        'title',
        'content',
        'created_at',
        'updated_at',
        trx.raw(`${entryBytesSql(trx)} as bytes`),
      )
      .where(where);
    // Two saves at once on MySQL: the second waits here, so each keeps the text it replaced.
    if (isMysql(trx)) void current.forUpdate();
    const found:
      | {
          title: string;
          content: string;
          created_at: string;
          updated_at: string | null;
          bytes: number | string;
        }
      | undefined = await current.first();
    if (!found) return null;
    const total = await entryBytesOf(trx, userId);
    if (total - Number(found.bytes) + entryBytes(fields) > entryBytesQuota) return 'entryBytes';
    const changed = found.title !== fields.title || found.content !== fields.content;
    if (changed)
      await keepVersion(
        trx,
        {
          entryId: id,
          userId,
          title: found.title,
          content: found.content,
          savedAt: found.updated_at ?? found.created_at,
          replacedAt: history.now,
        },
        history,
      );
    // Edited, the entry is the user's own writing: no longer the row an import wrote.
    await trx('entries')
      .where(where)
      .update({
        title: fields.title,
        content: fields.content,
        content_hash: entryHash(fields),
        imported: null,
        ...metaColumns(fields),
        ...(changed ? { updated_at: history.now } : {}),
      });
    if (fields.tags) await writeEntryTags(trx, userId, id, fields.tags);
    if (changed) await writeEntryMedia(trx, userId, [id]);
    return 'updated';
  });
  return updated === 'updated' ? findEntry(db, userId, journalId, id) : updated;
}

/** Sets only the entry's tags, mood or star (the star button); false when there is no such entry. */
export async function updateEntryMeta(
  db: Knex,
  userId: string,
  journalId: string,
  id: string,
  fields: EntryMetaWrite,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx('entries')
      .where({ id, journal_id: journalId, user_id: userId })
      .update(metaColumns(fields));
    if (changed > 0 && fields.tags) await writeEntryTags(trx, userId, id, fields.tags);
    return changed > 0;
  });
}

/** The columns of the fields a write sets (a field absent is not touched). */
function metaColumns(fields: EntryMetaWrite): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (fields.tags !== undefined) columns.tags = fields.tags.join(' ');
  if (fields.mood !== undefined) columns.mood = fields.mood;
  if (fields.starred !== undefined) columns.starred = fields.starred;
  return columns;
}

/** The entry's tags as stored (for an edit that keeps them), or null without such an entry. */
export async function findEntryTags(
  db: Knex,
  userId: string,
  journalId: string,
  id: string,
): Promise<string[] | null> {
  return readEntryTags(db('entries').where({ id, journal_id: journalId, user_id: userId }));
}

export async function deleteEntryRow(
  db: Knex,
  userId: string,
  journalId: string,
  id: string,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    // Its history first, explicitly, so the outcome never rests on foreign keys being enforced.
    await deleteVersionsOfEntries(trx, userId, [id]);
    await trx('entry_media').where({ user_id: userId, entry_id: id }).delete();
    const deleted = await trx('entries')
      .where({ id, journal_id: journalId, user_id: userId })
      .delete();
    return deleted > 0;
  });
}

/** Characters of content read for a calendar excerpt: one more than it shows, to know it was cut. */
const CALENDAR_SOURCE = CALENDAR_LIMITS.excerpt + 1;

/**
 * The user's entries dated within [from, to] with their journal's title and the beginning of
 * their content, within the calendar's caps (`readCappedByDay`): each read one range on the
 * (user_id, date, seq) index with a LIMIT, however long the history or however many journals.
 */
export async function findEntriesBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<{ entries: CalendarEntry[]; truncated: boolean }> {
  const { rows, truncated } = await readCappedByDay(
    CALENDAR_LIMITS,
    (row: EntryRow & { journal_title: string; photo: string | null }) => row.date,
    (after, limit) =>
      db('entries as e')
        .join('journals as j', 'j.id', 'e.journal_id')
        .select(
          'e.id',
          'e.journal_id',
          'e.title',
          db.raw('substr(e.content, 1, ?) as content', [CALENDAR_SOURCE]),
          'e.date',
          'e.tags',
          'e.mood',
          'e.starred',
          'j.title as journal_title',
          firstPhotoColumn(db),
        )
        .where('e.user_id', userId)
        // Said of the journals too: SQLite may start from them, and then it reads only this user's
        // (journals_by_user) instead of scanning every journal (query-plans.test.ts checks it).
        .andWhere('j.user_id', userId)
        .andWhere('e.date', after === null ? '>=' : '>', after ?? from)
        .andWhere('e.date', '<=', to)
        .orderBy([
          { column: 'e.date', order: 'asc' },
          { column: 'e.seq', order: 'asc' },
        ])
        .limit(limit),
  );
  const entries = rows.map((row) => ({
    ...toEntry(row),
    content: calendarExcerpt(row.content),
    journalTitle: row.journal_title,
    photo: row.photo,
  }));
  return { entries, truncated };
}

/** At most `CALENDAR_LIMITS.excerpt` characters (code points), ending in `…` when cut. */
function calendarExcerpt(beginning: string): string {
  const chars = Array.from(beginning);
  if (chars.length <= CALENDAR_LIMITS.excerpt) return beginning;
  return `${chars.slice(0, CALENDAR_LIMITS.excerpt - 1).join('')}…`;
}

/**
 * Those of `ids` that are the user's entries, with what a reminder quotes of them: title, date
 * and content (the caller cuts the opening). Ids of other people's or deleted entries are absent.
 */
export async function findEntriesById(
  db: Knex,
  userId: string,
  ids: readonly string[],
): Promise<{ id: string; journalId: string; title: string; date: string; content: string }[]> {
  if (ids.length === 0) return [];
  const rows: Pick<EntryRow, 'id' | 'journal_id' | 'title' | 'date' | 'content'>[] = await db(
    'entries',
  )
    .select('id', 'journal_id', 'title', 'date', 'content')
    .where({ user_id: userId })
    .whereIn('id', ids);
  return rows.map((row) => ({
    id: row.id,
    journalId: row.journal_id,
    title: row.title,
    date: row.date,
    content: row.content,
  }));
}
