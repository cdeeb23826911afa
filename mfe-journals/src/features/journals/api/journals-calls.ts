import { api, getMediaItems, isImage, type ApiPage } from '@dayframe/web-kit';
import type {
  CreateJournalRequest,
  Journal,
  JournalMediaItem,
  MediaItem,
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

/** A photo of a journal's Media view: where it sits (entry, date) and the file, with its links. */
export type JournalPhoto = JournalMediaItem & { media: MediaItem };

/**
 * A page of the journal's Media view, newest entry first: the files its entries embed (the first
 * page, or the one at `next`), turned into links with one `GET /api/media?ids=` for the page.
 * Only images are kept; a file deleted since, or audio and PDFs, is left out.
 */
export async function listJournalPhotos(
  id: string,
  next: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<JournalPhoto>> {
  const page = await api.getPage<JournalMediaItem>(next ?? `${path(id)}/media?limit=48`, {
    signal,
  });
  const files = await getMediaItems(
    page.items.map((item) => item.mediaId),
    signal,
  );
  return {
    ...page,
    items: page.items.flatMap((item) => {
      const media = files.get(item.mediaId);
      return isImage(media) ? [{ ...item, media }] : [];
    }),
  };
}
