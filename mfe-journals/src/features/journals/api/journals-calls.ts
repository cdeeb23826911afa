import { api } from '@dayframe/web-kit';
import type {
  CreateJournalRequest,
  Journal,
  MessageResponse,
  UpdateJournalRequest,
} from '@dayframe/contracts';

// Ids come from the address bar, so they are encoded before they become part of a path.
const path = (id: string) => `/journals/${encodeURIComponent(id)}`;

export function listJournals(signal?: AbortSignal): Promise<Journal[]> {
  return api.get<Journal[]>('/journals', { signal });
}

/** Starts the list's request ahead of its screen; `listJournals` then takes the answer. */
export function prefetchJournals(): void {
  api.prefetch('/journals');
}

export function getJournal(id: string, signal?: AbortSignal): Promise<Journal> {
  return api.get<Journal>(path(id), { signal });
}

export function createJournal(body: CreateJournalRequest): Promise<Journal> {
  return api.post<Journal>('/journals', body);
}

export function updateJournal(id: string, body: UpdateJournalRequest): Promise<Journal> {
  return api.put<Journal>(path(id), body);
}

/** Deletes the journal and, on the server, every entry in it. */
export function deleteJournal(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(path(id));
}
