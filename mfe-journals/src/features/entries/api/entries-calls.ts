import { api, type ApiPage } from '@dayframe/web-kit';
import type {
  CreateEntryRequest,
  DatedEntryResponse,
  Entry,
  MessageResponse,
  StarEntryRequest,
  UpdateEntryRequest,
} from '@dayframe/contracts';

const journalPath = (journalId: string) => `/entry/${encodeURIComponent(journalId)}`;
const entryPath = (journalId: string, entryId: string) =>
  `${journalPath(journalId)}/${encodeURIComponent(entryId)}`;

/**
 * A page of the journal's entries, latest date first (the server's order): the first page, or
 * the one at `next` (the path the previous page's `Link` gave).
 */
export function listEntries(
  journalId: string,
  next: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<Entry>> {
  return api.getPage<Entry>(next ?? journalPath(journalId), { signal });
}

export function createEntry(journalId: string, body: CreateEntryRequest): Promise<Entry> {
  return api.post<Entry>(journalPath(journalId), body);
}

export function getEntry(journalId: string, entryId: string, signal?: AbortSignal) {
  return api.get<Entry>(entryPath(journalId, entryId), { signal });
}

export function updateEntry(
  journalId: string,
  entryId: string,
  body: UpdateEntryRequest,
): Promise<Entry> {
  return api.put<Entry>(entryPath(journalId, entryId), body);
}

export function deleteEntry(journalId: string, entryId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(entryPath(journalId, entryId));
}

/** The journal's entry for `date` (`YYYY-MM-DD`), or null when that day has none yet. */
export async function getEntryOn(
  journalId: string,
  date: string,
  signal?: AbortSignal,
): Promise<Entry | null> {
  const answer = await api.get<DatedEntryResponse>(`${journalPath(journalId)}/dated`, {
    query: { date },
    signal,
  });
  // `{}` means the day has no entry yet (see datedEntryResponse).
  return '_id' in answer ? (answer as Entry) : null;
}

/** Stars or unstars the entry in one click; answers the entry as it now is. */
export function starEntry(journalId: string, entryId: string, starred: boolean): Promise<Entry> {
  return api.put<Entry>(`${entryPath(journalId, entryId)}/star`, {
    starred,
  } satisfies StarEntryRequest);
}
