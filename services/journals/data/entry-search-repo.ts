import type { Knex } from '@dayframe/service-kit/db';
import { searchFullText, type FullTextIndex } from '@dayframe/service-kit/search';

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
};

/** One page of the user's entries matching every word, best first, newest first among equals. */
export async function searchEntryRows(
  db: Knex,
  userId: string,
  words: string[],
  page: { limit: number; offset: number },
): Promise<{ rows: FoundEntryRow[]; total: number }> {
  const { seqs, total } = await searchFullText(db, ENTRY_SEARCH_INDEX, {
    userId,
    words,
    ...page,
    newest: [
      { column: 'date', order: 'desc' },
      { column: 'seq', order: 'desc' },
    ],
  });
  if (seqs.length === 0) return { rows: [], total };
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
    )
    .whereIn('e.seq', seqs)
    .andWhere('e.user_id', userId);
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  // A row deleted between the two reads is simply left out.
  return { rows: seqs.flatMap((seq) => bySeq.get(seq) ?? []), total };
}
