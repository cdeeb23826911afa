import { randomUUID } from 'node:crypto';
import {
  JOURNAL_MESSAGES,
  isRecordId,
  type Journal,
  type MessageResponse,
} from '@dayframe/contracts';
import { notFound, quotaExceeded, type Clock, type Knex } from '@dayframe/service-kit';
import {
  deleteJournalRow,
  findJournal,
  findJournals,
  insertJournal,
  updateJournalRow,
} from './data/journal-repo.ts';
import type { JournalsQuotas } from './quotas.ts';

/** What the journal and entry use cases need: the database, the time and the quotas. */
export type JournalsContext = { db: Knex; clock: Clock; quotas: JournalsQuotas };

export function journalNotFound() {
  return notFound(JOURNAL_MESSAGES.notFound, 'journal_not_found');
}

export function listJournals(ctx: JournalsContext, userId: string): Promise<Journal[]> {
  return findJournals(ctx.db, userId);
}

export async function createJournal(
  ctx: JournalsContext,
  userId: string,
  input: { title: string; description: string },
): Promise<Journal> {
  const journal = {
    id: randomUUID(),
    userId,
    ...input,
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
  if (!(await insertJournal(ctx.db, journal, ctx.quotas.journals)))
    throw quotaExceeded(ctx.quotas.journals, 'journals');
  return {
    _id: journal.id,
    title: journal.title,
    description: journal.description,
    createdAt: journal.createdAt,
    numEntries: 0,
  };
}

/** The user's journal; another user's answers exactly like one that does not exist. */
export async function getJournal(
  ctx: JournalsContext,
  userId: string,
  id: string,
): Promise<Journal> {
  const journal = isRecordId(id) ? await findJournal(ctx.db, userId, id) : null;
  if (!journal) throw journalNotFound();
  return journal;
}

export async function updateJournal(
  ctx: JournalsContext,
  userId: string,
  id: string,
  input: { title: string; description: string },
): Promise<Journal> {
  if (!isRecordId(id) || !(await updateJournalRow(ctx.db, userId, id, input)))
    throw journalNotFound();
  return getJournal(ctx, userId, id);
}

export async function deleteJournal(
  ctx: JournalsContext,
  userId: string,
  id: string,
): Promise<MessageResponse> {
  if (!isRecordId(id) || !(await deleteJournalRow(ctx.db, userId, id))) throw journalNotFound();
  return { message: JOURNAL_MESSAGES.deleted };
}
