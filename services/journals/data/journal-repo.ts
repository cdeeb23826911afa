import { compiledQuery, type Knex } from '@dayframe/service-kit/db';
import type { Journal } from '@dayframe/contracts';
import { deleteVersionsOf, deleteVersionsOfEntries } from './version-repo.ts';
import type { JournalRow } from './journal-row.ts';

type CountedJournalRow = JournalRow & { num_entries: number | string };

function toJournal(row: CountedJournalRow): Journal {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    createdAt: row.created_at,
    numEntries: Number(row.num_entries),
    template: row.template ?? '',
  };
}

/** Journals with their entry count, counted through the entries' journal index. */
function journalsOf(db: Knex, userId: string) {
  return db('journals as j')
    .select('j.id', 'j.title', 'j.description', 'j.created_at', 'j.template')
    .select(db('entries as e').count('*').whereRaw('e.journal_id = j.id').as('num_entries'))
    .where('j.user_id', userId);
}

/**
 * Adds the journal unless the user already has `quota` journals; false then, and nothing
 * written. Counted inside the inserting transaction (see insertEntry).
 */
export async function insertJournal(
  db: Knex,
  journal: {
    id: string;
    userId: string;
    title: string;
    description: string;
    template: string;
    createdAt: string;
  },
  quota: number,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const counted = await trx('journals')
      .where({ user_id: journal.userId })
      .count({ n: '*' })
      .first();
    if (Number(counted?.n ?? 0) >= quota) return false;
    await trx('journals').insert({
      id: journal.id,
      user_id: journal.userId,
      title: journal.title,
      description: journal.description,
      template: journal.template,
      created_at: journal.createdAt,
    });
    return true;
  });
}

/** Every call of the journals list: compiled once, not per request. */
const journalsNewestFirst = compiledQuery<CountedJournalRow, { userId: string }>((db, param) =>
  journalsOf(db, param('userId')).orderBy('j.seq', 'desc'),
);

/** The user's journals, newest first: at most the journals quota (1,000 by default). */
export async function findJournals(db: Knex, userId: string): Promise<Journal[]> {
  const rows = await journalsNewestFirst(db, { userId });
  return rows.map(toJournal);
}

/** The journal if it exists and belongs to the user; someone else's is as absent as a missing one. */
export async function findJournal(db: Knex, userId: string, id: string): Promise<Journal | null> {
  const row: CountedJournalRow | undefined = await journalsOf(db, userId)
    .andWhere('j.id', id)
    .first();
  return row ? toJournal(row) : null;
}

export async function journalBelongsTo(db: Knex, userId: string, id: string): Promise<boolean> {
  const row = await db('journals').select('seq').where({ id, user_id: userId }).first();
  return row !== undefined;
}

/** True when the user's journal was there to update. A template left out stays as it is. */
export async function updateJournalRow(
  db: Knex,
  userId: string,
  id: string,
  fields: { title: string; description: string; template?: string | undefined },
): Promise<boolean> {
  const found = await db('journals').select('seq').where({ id, user_id: userId }).first();
  if (!found) return false;
  // Matched rather than changed rows: MySQL reports an unchanged row as 0 affected.
  // Renamed, a journal is no longer the one an import made under its old title.
  await db('journals')
    .where({ id, user_id: userId })
    .update({
      title: fields.title,
      description: fields.description,
      ...(fields.template === undefined ? {} : { template: fields.template }),
      import_key: null,
    });
  return true;
}

/** Removes the user's journal and its entries; true when it was there. */
export async function deleteJournalRow(db: Knex, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    // Entries (and their history) first, explicitly, so the outcome never rests on foreign keys
    // being enforced.
    const entries = trx('entries').select('id').where({ journal_id: id, user_id: userId });
    await deleteVersionsOfEntries(trx, userId, entries);
    await trx('entry_media').where({ journal_id: id, user_id: userId }).delete();
    await trx('entries').where({ journal_id: id, user_id: userId }).delete();
    const deleted = await trx('journals').where({ id, user_id: userId }).delete();
    return deleted > 0;
  });
}

/** Everything the user wrote; safe to run again. */
export async function deleteJournalsOf(db: Knex, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    // Tags and versions first, on their own keys, rather than one cascade at a time per entry.
    await trx('entry_tags').where({ user_id: userId }).delete();
    await trx('entry_media').where({ user_id: userId }).delete();
    await deleteVersionsOf(trx, userId);
    await trx('entries').where({ user_id: userId }).delete();
    await trx('journals').where({ user_id: userId }).delete();
  });
}

/** Distinct owners in id order after `after`, for the orphan sweep (the by-user index serves it). */
export async function userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]> {
  const rows: { user_id: string }[] = await db('journals')
    .distinct('user_id')
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit);
  return rows.map((row) => row.user_id);
}
