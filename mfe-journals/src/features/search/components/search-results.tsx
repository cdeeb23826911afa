import type { EntrySearchResult, GoalSearchResult } from '@dayframe/contracts';
import {
  BookIcon,
  CalendarIcon,
  CheckCircleIcon,
  formatDate,
  TargetIcon,
  Link,
} from '@dayframe/web-kit';
import { SEARCH_TEXT } from '../messages.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** How a group of results came back: a page of them, or a failure of that service alone. */
export type GroupResult<T> = { ok: true; results: T[]; total: number } | { ok: false };

function GroupHeading({ id, title, count }: { id: string; title: string; count?: string }) {
  return (
    <div className="mb-3 flex items-baseline justify-between gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {count ? <p className="text-sm text-base-content/60">{count}</p> : null}
    </div>
  );
}

const CARD =
  'block rounded-box border border-base-300/70 bg-base-100 p-4 shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:p-5';

export function EntryResults({ group }: { group: GroupResult<EntrySearchResult> }) {
  if (group.ok && group.results.length === 0) return null;
  return (
    <section aria-labelledby="search-entries" className="mb-10">
      <GroupHeading
        id="search-entries"
        title={SEARCH_TEXT.entries}
        count={group.ok ? SEARCH_TEXT.count(group.results.length, group.total) : undefined}
      />
      {group.ok ? (
        <ul className="space-y-3">
          {group.results.map((entry) => (
            <li key={entry._id}>
              <Link
                to={`/journals/${encodeURIComponent(entry.journalId)}/entries/${encodeURIComponent(entry._id)}`}
                className={CARD}
              >
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium tracking-wide text-primary uppercase">
                  <span className="inline-flex min-w-0 items-center gap-1.5">
                    <BookIcon className="size-4 shrink-0" />
                    <span className="truncate">{entry.journalTitle}</span>
                  </span>
                  <span className="inline-flex items-center gap-1.5 text-base-content/60">
                    <CalendarIcon className="size-4" />
                    <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                  </span>
                </p>
                <h3
                  className={`mt-2 font-semibold wrap-anywhere ${entry.title.trim() ? '' : 'text-base-content/60 italic'}`}
                >
                  {entry.title.trim() || SEARCH_TEXT.untitledEntry}
                </h3>
                <p className="mt-1 text-sm leading-relaxed wrap-anywhere text-base-content/75">
                  <HighlightedText text={entry.snippet} highlights={entry.highlights} />
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert" className="text-sm text-error">
          {SEARCH_TEXT.groupFailed(SEARCH_TEXT.entries)}
        </p>
      )}
    </section>
  );
}

export function GoalResults({ group }: { group: GroupResult<GoalSearchResult> }) {
  if (group.ok && group.results.length === 0) return null;
  return (
    <section aria-labelledby="search-goals" className="mb-10">
      <GroupHeading
        id="search-goals"
        title={SEARCH_TEXT.goals}
        count={group.ok ? SEARCH_TEXT.count(group.results.length, group.total) : undefined}
      />
      {group.ok ? (
        <ul className="space-y-3">
          {group.results.map((goal) => (
            <li key={goal._id}>
              <Link to="/goals" className={CARD}>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium tracking-wide uppercase">
                  <span className="inline-flex items-center gap-1.5 text-primary">
                    <TargetIcon className="size-4" />
                    {SEARCH_TEXT.goals}
                  </span>
                  {goal.completed ? (
                    <span className="inline-flex items-center gap-1.5 text-success">
                      <CheckCircleIcon className="size-4" />
                      {SEARCH_TEXT.completed}
                    </span>
                  ) : (
                    <span className="text-base-content/60">
                      {SEARCH_TEXT.due}{' '}
                      <time dateTime={goal.dateDue}>{formatDate(goal.dateDue)}</time>
                    </span>
                  )}
                </p>
                <h3 className="mt-2 font-semibold wrap-anywhere">
                  {goal.title.trim() || SEARCH_TEXT.untitledGoal}
                </h3>
                <p className="mt-1 text-sm leading-relaxed wrap-anywhere text-base-content/75">
                  <HighlightedText text={goal.snippet} highlights={goal.highlights} />
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert" className="text-sm text-error">
          {SEARCH_TEXT.groupFailed(SEARCH_TEXT.goals)}
        </p>
      )}
    </section>
  );
}
