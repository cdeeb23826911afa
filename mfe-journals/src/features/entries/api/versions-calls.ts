import { api } from '@dayframe/web-kit';
import type { Entry, EntryVersion, EntryVersionList } from '@dayframe/contracts';

// An entry's history (decision 0046): its earlier versions, newest first.
const versionsPath = (journalId: string, entryId: string) =>
  `/entry/${encodeURIComponent(journalId)}/${encodeURIComponent(entryId)}/versions`;

export function listVersions(
  journalId: string,
  entryId: string,
  signal?: AbortSignal,
): Promise<EntryVersionList> {
  return api.get<EntryVersionList>(versionsPath(journalId, entryId), { signal });
}

export function getVersion(
  journalId: string,
  entryId: string,
  versionId: string,
  signal?: AbortSignal,
): Promise<EntryVersion> {
  return api.get<EntryVersion>(
    `${versionsPath(journalId, entryId)}/${encodeURIComponent(versionId)}`,
    { signal },
  );
}

/** Puts the version's text back; the text it replaces becomes a version itself. */
export function restoreVersion(journalId: string, entryId: string, versionId: string) {
  return api.post<Entry>(
    `${versionsPath(journalId, entryId)}/${encodeURIComponent(versionId)}/restore`,
  );
}
