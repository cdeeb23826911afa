import { api } from '@dayframe/web-kit';
import type { Revisit, RevisitRequest } from '@dayframe/contracts';

/** "Remind me about this entry" on the local day `on`; a second one replaces the first. */
export function remindAbout(entryId: string, on: RevisitRequest['on']): Promise<Revisit> {
  return api.post<Revisit>('/reminders/revisit', { entryId, on });
}

/** The entry's pending revisit, or null (the server answers a list of 0 or 1). */
export async function pendingRevisit(
  entryId: string,
  signal?: AbortSignal,
): Promise<Revisit | null> {
  const revisits = await api.get<Revisit[]>(
    `/reminders/revisit?entryId=${encodeURIComponent(entryId)}`,
    { signal },
  );
  return revisits[0] ?? null;
}

export function cancelRevisit(id: string): Promise<void> {
  return api.delete<void>(`/reminders/revisit/${encodeURIComponent(id)}`);
}
