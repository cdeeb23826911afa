import type { EntriesWindow, CalendarPart, GoalsWindow } from '@dayframe/contracts';

/** One window the calendar asks its sources for, on behalf of one signed-in caller. */
export type WindowAsk = {
  userId: string;
  /**
   * The caller's bearer token. An HTTP source passes it on, so the owning service answers for
   * the token's user only and the calendar cannot ask for anyone else's rows.
   */
  token: string;
  /** Validated `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** Passed on as `X-Request-Id`, so one request can be followed across the services. */
  requestId?: string;
};

/**
 * Where the calendar's items come from: journals owns the entries, goals owns the goals. The
 * calendar knows only this interface; the composition root picks an implementation
 * (`inProcessSources` in the embedded topology, `httpSources` in the distributed one).
 */
export type CalendarSources = {
  entriesBetween(ask: WindowAsk): Promise<EntriesWindow>;
  goalsBetween(ask: WindowAsk): Promise<GoalsWindow>;
  /** One probe per part; each rejects when its owner cannot answer now (for `/readyz`). */
  ready: Record<CalendarPart, () => Promise<void>>;
  close(): Promise<void>;
};

/** A part no implementation was given: it always fails, so the calendar answers it as missing. */
export function notHere(part: CalendarPart): () => Promise<never> {
  return () => Promise.reject(new Error(`no source configured for ${part}`));
}

/**
 * Entries from one implementation and goals from another, for a mixed topology (say journals
 * mounted in this process and goals reached over HTTP).
 */
export function pickSources(from: {
  entries: CalendarSources;
  goals: CalendarSources;
}): CalendarSources {
  if (from.entries === from.goals) return from.entries;
  return {
    entriesBetween: (ask) => from.entries.entriesBetween(ask),
    goalsBetween: (ask) => from.goals.goalsBetween(ask),
    ready: { entries: from.entries.ready.entries, goals: from.goals.ready.goals },
    async close() {
      await Promise.all([from.entries.close(), from.goals.close()]);
    },
  };
}
