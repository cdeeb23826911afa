import { randomUUID } from 'node:crypto';
import {
  JOURNAL_MESSAGES,
  isRecordId,
  type Journal,
  type MessageResponse,
} from '@dayframe/contracts';
import { notFound } from '@dayframe/service-kit/http';
import { quotaExceeded } from '@dayframe/service-kit/limits';
import {
  deleteJournalRow,
  findJournal,
  findJournals,
  insertJournal,
  updateJournalRow,
} from './data/journal-repo.ts';
import type { JournalsScope } from './scope.ts';

export function journalNotFound() {
  return notFound(JOURNAL_MESSAGES.notFound, 'journal_not_found');
}

export function listJournals(scope: JournalsScope, userId: string): Promise<Journal[]> {
  return findJournals(scope.db, userId);
}

export async function createJournal(
  scope: JournalsScope,
  userId: string,
  input: { title: string; description: string; template: string },
): Promise<Journal> {
  const journal = {
    id: randomUUID(),
    userId,
    ...input,
    createdAt: new Date(scope.clock.now()).toISOString(),
  };
  if (!(await insertJournal(scope.db, journal, scope.quotas.journals)))
    throw quotaExceeded(scope.quotas.journals, 'journals');
  return {
    _id: journal.id,
    title: journal.title,
    description: journal.description,
    createdAt: journal.createdAt,
    numEntries: 0,
    template: journal.template,
  };
}

/** The user's journal; another user's answers exactly like one that does not exist. */
export async function getJournal(
  scope: JournalsScope,
  userId: string,
  id: string,
): Promise<Journal> {
  const journal = isRecordId(id) ? await findJournal(scope.db, userId, id) : null;
  if (!journal) throw journalNotFound();
  return journal;
}

export async function updateJournal(
  scope: JournalsScope,
  userId: string,
  id: string,
  input: { title: string; description: string; template?: string | undefined },
): Promise<Journal> {
  if (!isRecordId(id) || !(await updateJournalRow(scope.db, userId, id, input)))
    throw journalNotFound();
  return getJournal(scope, userId, id);
}

export async function deleteJournal(
  scope: JournalsScope,
  userId: string,
  id: string,
): Promise<MessageResponse> {
  if (!isRecordId(id) || !(await deleteJournalRow(scope.db, userId, id))) throw journalNotFound();
  return { message: JOURNAL_MESSAGES.deleted };
}
