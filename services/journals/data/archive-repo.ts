import type { Knex } from '@dayframe/service-kit';
import type { JournalsExport } from '@dayframe/contracts';

type JournalRow = { id: string; title: string; description: string; created_at: string };
type EntryRow = { id: string; journal_id: string; title: string; content: string; date: string };

/**
 * Every journal of the user, oldest first, with its entries by date (then as written), so that
 * importing the export in this order reproduces every list's order. `from`/`to` limit entries.
 */
export async function journalsWithEntries(
  db: Knex,
  userId: string,
  range: { from?: string; to?: string },
): Promise<JournalsExport> {
  const journals: JournalRow[] = await db('journals')
    .select('id', 'title', 'description', 'created_at')
    .where({ user_id: userId })
    .orderBy('seq');
  const query = db('entries')
    .select('id', 'journal_id', 'title', 'content', 'date')
    .where({ user_id: userId });
  if (range.from) query.andWhere('date', '>=', range.from);
  if (range.to) query.andWhere('date', '<=', range.to);
  const entries: EntryRow[] = await query.orderBy([
    { column: 'date', order: 'asc' },
    { column: 'seq', order: 'asc' },
  ]);
  const byJournal = new Map<string, JournalsExport['journals'][number]['entries']>();
  for (const journal of journals) byJournal.set(journal.id, []);
  for (const row of entries)
    byJournal
      .get(row.journal_id)
      ?.push({ _id: row.id, title: row.title, content: row.content, date: row.date });
  return {
    journals: journals.map((row) => ({
      _id: row.id,
      title: row.title,
      description: row.description,
      createdAt: row.created_at,
      entries: byJournal.get(row.id) ?? [],
    })),
  };
}

/** What an import compares against: the user's journals and the keys of their entries. */
export async function existingForImport(trx: Knex, userId: string) {
  const journals: { id: string; title: string }[] = await trx('journals')
    .select('id', 'title')
    .where({ user_id: userId })
    .orderBy('seq');
  const entries: {
    id: string;
    journal_id: string;
    title: string;
    content: string;
    date: string;
  }[] = await trx('entries')
    .select('id', 'journal_id', 'title', 'content', 'date')
    .where({ user_id: userId });
  return { journals, entries };
}

export type NewJournalRow = {
  id: string;
  user_id: string;
  title: string;
  description: string;
  created_at: string;
};
export type NewEntryRow = {
  id: string;
  journal_id: string;
  user_id: string;
  title: string;
  content: string;
  date: string;
  created_at: string;
};

/** Inserts in order, in chunks small enough for either database's parameter limit. */
export async function insertImported(
  trx: Knex,
  rows: { journals: NewJournalRow[]; entries: NewEntryRow[] },
): Promise<void> {
  for (let i = 0; i < rows.journals.length; i += 200)
    await trx('journals').insert(rows.journals.slice(i, i + 200));
  for (let i = 0; i < rows.entries.length; i += 100)
    await trx('entries').insert(rows.entries.slice(i, i + 100));
}
