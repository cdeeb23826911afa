import { useEffect, useState, type FormEvent } from 'react';
import type { EntrySearchResult, GoalSearchResult } from '@dayframe/contracts';
import {
  type ApiError,
  EmptyState,
  isApiError,
  ErrorCircleIcon,
  PageHeader,
  PageSpinner,
  SearchIcon,
  useDocumentTitle,
  useLoad,
  useSearchParams,
} from '@dayframe/web-kit';
import { searchEntries, searchGoals } from '../api/search-calls.ts';
import { EntryResults, GoalResults, type GroupResult } from '../components/search-results.tsx';
import { SearchTips } from '../components/search-tips.tsx';
import { SEARCH_TEXT } from '../messages.ts';

type Found = { entries: GroupResult<EntrySearchResult>; goals: GroupResult<GoalSearchResult> };

function settle<T extends { results: unknown[]; total: number }>(
  outcome: PromiseSettledResult<T>,
): GroupResult<T['results'][number]> {
  if (outcome.status === 'fulfilled')
    return { ok: true, results: outcome.value.results, total: outcome.value.total };
  console.error('A search failed', outcome.reason);
  return { ok: false };
}

/** The server's 400 naming what is wrong with the query. */
const refusal = (error: unknown): error is ApiError => isApiError(error, 400) && error.fromServer;

/**
 * Both services at once; each group stands alone, so goals down still shows the entries. Only
 * both failing is an error for the whole screen.
 */
async function searchAll(q: string, signal: AbortSignal): Promise<Found> {
  const [entries, goals] = await Promise.allSettled([
    searchEntries(q, signal),
    searchGoals(q, signal),
  ]);
  // A bad operator value (mood:9) is the query's fault, not the service's: its words are shown.
  if (entries.status === 'rejected' && refusal(entries.reason)) throw entries.reason;
  const found = { entries: settle(entries), goals: settle(goals) };
  if (!found.entries.ok && !found.goals.ok) throw new Error('Both searches failed');
  return found;
}

/**
 * `/search?q=`: the query lives in the URL, so a search can be bookmarked and Back returns to
 * the previous one. Each new search is a history entry.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  useDocumentTitle(q ? `${SEARCH_TEXT.title}: ${q}` : SEARCH_TEXT.title);
  // Back and forward change the URL under the box: show the search being looked at.
  useEffect(() => setText(q), [q]);

  const { state, retry } = useLoad(
    (signal) => (q ? searchAll(q, signal) : Promise.resolve(null)),
    [q],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    if (next === q) {
      if (next) retry();
      return;
    }
    setParams(next ? { q: next } : {});
  }

  const found = state.status === 'ready' ? state.data : null;
  const nothing =
    found !== null &&
    found.entries.ok &&
    found.goals.ok &&
    found.entries.results.length === 0 &&
    found.goals.results.length === 0;

  return (
    <div>
      <PageHeader title={SEARCH_TEXT.title} subtitle={SEARCH_TEXT.subtitle} />
      <form role="search" onSubmit={submit} className="mb-4 flex gap-2">
        <label className="input input-lg flex-1 bg-base-100">
          <SearchIcon className="size-5 text-base-content/50" />
          <input
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={SEARCH_TEXT.label}
            placeholder={SEARCH_TEXT.placeholder}
            maxLength={200}
            autoComplete="off"
            className="grow"
            autoFocus={!q}
          />
        </label>
        <button type="submit" className="btn btn-lg btn-primary">
          {SEARCH_TEXT.button}
        </button>
      </form>
      <SearchTips />

      {!q ? (
        <EmptyState
          icon={SearchIcon}
          title={SEARCH_TEXT.promptTitle}
          text={SEARCH_TEXT.promptText}
        />
      ) : null}
      {q && state.status === 'loading' ? <PageSpinner label={SEARCH_TEXT.loading} /> : null}
      {q && state.status === 'error' && refusal(state.error) ? (
        <EmptyState
          role="alert"
          tone="error"
          icon={ErrorCircleIcon}
          title={SEARCH_TEXT.refusedTitle}
          text={state.error.message}
        />
      ) : null}
      {q && state.status === 'error' && !refusal(state.error) ? (
        <EmptyState
          role="alert"
          tone="error"
          icon={ErrorCircleIcon}
          title={SEARCH_TEXT.failed}
          action={
            <button type="button" className="btn btn-outline" onClick={retry}>
              {SEARCH_TEXT.retry}
            </button>
          }
        />
      ) : null}
      {nothing ? (
        <EmptyState
          role="status"
          icon={SearchIcon}
          title={SEARCH_TEXT.noneTitle}
          text={SEARCH_TEXT.noneText(q)}
        />
      ) : null}
      {found && !nothing ? (
        <div aria-live="polite">
          <EntryResults group={found.entries} />
          <GoalResults group={found.goals} />
        </div>
      ) : null}
    </div>
  );
}
