import type { Knex } from '@dayframe/service-kit/db';
import { searchFullText, type FullTextIndex } from '@dayframe/service-kit/search';
import type { EntryMetaRow } from './entry-meta.ts';

/** Entries are found by their title and content; a word in the title weighs more. */
export const ENTRY_SEARCH_INDEX: FullTextIndex = {
  table: 'entries',
  name: 'entries_search',
  columns: [
    { name: 'title', mysqlType: 'varchar(200)', weight: 4 },
    { name: 'content', mysqlType: 'mediumtext', weight: 1 },
  ],
};

export type FoundEntryRow = {
  id: string;
  journal_id: string;
  journal_title: string;
  title: string;
  content: string;
  date: string;
} & EntryMetaRow;

/** Conditions on `t` (the entries) besides the words: the search operators' filters. */
export type EntryConditions = (query: Knex.QueryBuilder) => void;

const NEWEST = [
  { column: 'date', order: 'desc' },
  { column: 'seq', order: 'desc' },
] as const;

/**
 * One page of the user's entries matching every word and `where`, best first, newest first among
 * equals.
 */
export async function searchEntryRows(
  db: Knex,
  userId: string,
  words: string[],
  page: { limit: number; offset: number },
  where?: EntryConditions,
  lastIsPrefix = true,
): Promise<{ rows: FoundEntryRow[]; total: number }> {
  const { seqs, total } = await searchFullText(db, ENTRY_SEARCH_INDEX, {
    userId,
    words,
    lastIsPrefix,
    ...page,
    newest: NEWEST.map((n) => ({ ...n })),
    where,
  });
  return { rows: await findFoundRows(db, userId, seqs), total };
}

/**
 * One page of the user's entries meeting `where` alone (a search of operators only), newest
 * first: a range on the user's indexes, no full-text index involved.
 */
export async function filterEntryRows(
  db: Knex,
  userId: string,
  page: { limit: number; offset: number },
  where: EntryConditions,
): Promise<{ rows: FoundEntryRow[]; total: number }> {
  const matching = () => db('entries as t').where('t.user_id', userId).modify(where);
  const found: { seq: number | string }[] = await matching()
    .select('t.seq')
    .orderBy(NEWEST.map((n) => ({ column: `t.${n.column}`, order: n.order })))
    .limit(page.limit)
    .offset(page.offset);
  const counted = await matching().count({ n: '*' }).first();
  const rows = await findFoundRows(
    db,
    userId,
    found.map((row) => Number(row.seq)),
  );
  return { rows, total: Number(counted?.n ?? 0) };
}

/** How many of the user's entries meet `where`, counted on the operators' own indexes. */
export async function countFilteredRows(
  db: Knex,
  userId: string,
  where: EntryConditions,
): Promise<number> {
  const counted = await db('entries as t')
    .where('t.user_id', userId)
    .modify(where)
    .count({ n: '*' })
    .first();
  return Number(counted?.n ?? 0);
}

/** The text of the user's entries meeting `where`, newest first, at most `limit`. */
export function filteredTexts(
  db: Knex,
  userId: string,
  where: EntryConditions,
  limit: number,
): Promise<{ seq: number | string; title: string; content: string; date: string }[]> {
  return db('entries as t')
    .select('t.seq', 't.title', 't.content', 't.date')
    .where('t.user_id', userId)
    .modify(where)
    .orderBy(NEWEST.map((n) => ({ column: `t.${n.column}`, order: n.order })))
    .limit(limit);
}

/** The rows of `seqs` in that order; a row deleted between the two reads is simply left out. */
export async function findFoundRows(
  db: Knex,
  userId: string,
  seqs: number[],
): Promise<FoundEntryRow[]> {
  if (seqs.length === 0) return [];
  const rows: (FoundEntryRow & { seq: number })[] = await db('entries as e')
    .join('journals as j', 'j.id', 'e.journal_id')
    .select(
      'e.seq',
      'e.id',
      'e.journal_id',
      'j.title as journal_title',
      'e.title',
      'e.content',
      'e.date',
      'e.tags',
      'e.mood',
      'e.starred',
    )
    .whereIn('e.seq', seqs)
    .andWhere('e.user_id', userId);
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
}

/** The ids of the user's journals titled `title` (lower case) in any case; a user has at most 1,000. */
export async function journalIdsTitled(db: Knex, userId: string, title: string): Promise<string[]> {
  const rows: { id: string; title: string }[] = await db('journals')
    .select('id', 'title')
    .where('user_id', userId);
  return rows.filter((row) => row.title.toLowerCase() === title).map((row) => row.id);
}
