import {
  VERSION_MESSAGES,
  isRecordId,
  type Entry,
  type EntryVersion,
  type EntryVersionSummary,
} from '@dayframe/contracts';
import { notFound } from '@dayframe/service-kit/http';
import { findEntry } from './data/entry-repo.ts';
import { findVersion, findVersions } from './data/version-repo.ts';
import { historyBounds } from './history-bounds.ts';
import { entryNotFound, updateEntry } from './entries.ts';
import type { JournalsScope } from './scope.ts';

function versionNotFound() {
  return notFound(VERSION_MESSAGES.notFound, 'version_not_found');
}

/**
 * The entry must be the user's, in that journal, before any version is looked at: an unknown
 * journal or entry, or another person's, is the same 404 Entry not found.
 */
async function requireEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  entryId: string,
): Promise<void> {
  const mine =
    isRecordId(journalId) &&
    isRecordId(entryId) &&
    (await findEntry(scope.db, userId, journalId, entryId)) !== null;
  if (!mine) throw entryNotFound();
}

/** The entry's earlier versions, newest first (at most 50, none replaced over 90 days ago). */
export async function listVersions(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  entryId: string,
): Promise<EntryVersionSummary[]> {
  await requireEntry(scope, userId, journalId, entryId);
  const { cutoff, maxVersions } = historyBounds(scope);
  return findVersions(scope.db, userId, entryId, cutoff, maxVersions);
}

export async function getVersion(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  entryId: string,
  versionId: string,
): Promise<EntryVersion> {
  await requireEntry(scope, userId, journalId, entryId);
  const version = isRecordId(versionId)
    ? await findVersion(scope.db, userId, entryId, versionId, historyBounds(scope).cutoff)
    : null;
  if (!version) throw versionNotFound();
  return version;
}

/**
 * Puts the version's title and content back. Restoring is a save like any other: the entry's
 * current text becomes a version first, and the byte quota applies.
 */
export async function restoreVersion(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  entryId: string,
  versionId: string,
): Promise<Entry> {
  const version = await getVersion(scope, userId, journalId, entryId, versionId);
  return updateEntry(scope, userId, journalId, entryId, {
    title: version.title,
    content: version.content,
  });
}
