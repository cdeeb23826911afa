import { useEffect, useState } from 'react';
import type { EntrySearchResult, GoalSearchResult } from '@dayframe/contracts';
import { api } from '@dayframe/web-kit';

/** How long typing must pause before the palette searches. */
export const PALETTE_SEARCH_DELAY_MS = 150;
const ENTRY_LIMIT = 5;
const GOAL_LIMIT = 3;

export type PaletteFound = {
  status: 'idle' | 'searching' | 'done';
  entries: EntrySearchResult[];
  goals: GoalSearchResult[];
};

const NOTHING: PaletteFound = { status: 'idle', entries: [], goals: [] };

/**
 * The first entries and goals matching `text`, asked once typing pauses; a change of text
 * aborts the requests in flight, so an old answer never replaces a newer one. A service that
 * fails adds nothing (the "Search for …" command still leads to the full screen).
 */
export function usePaletteSearch(text: string): PaletteFound {
  const [found, setFound] = useState<PaletteFound>(NOTHING);
  const q = text.trim();
  useEffect(() => {
    if (!q) {
      setFound(NOTHING);
      return;
    }
    setFound((previous) => ({ ...previous, status: 'searching' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { signal } = controller;
      const quietly = <T>(promise: Promise<{ results: T[] }>) =>
        promise.then(
          (answer) => answer.results,
          () => [] as T[],
        );
      void Promise.all([
        quietly(
          api.get<{ results: EntrySearchResult[] }>('/search/entries', {
            query: { q, limit: ENTRY_LIMIT },
            signal,
          }),
        ),
        quietly(
          api.get<{ results: GoalSearchResult[] }>('/search/goals', {
            query: { q, limit: GOAL_LIMIT },
            signal,
          }),
        ),
      ]).then(([entries, goals]) => {
        if (!signal.aborted) setFound({ status: 'done', entries, goals });
      });
    }, PALETTE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return found;
}
