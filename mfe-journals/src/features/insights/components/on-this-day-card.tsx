import {
  formatDate,
  isImage,
  Link,
  MediaThumbnail,
  PageSpinner,
  useLoad,
  useMediaItems,
} from '@dayframe/web-kit';
import type { MediaItem } from '@dayframe/contracts';
import { onThisDay } from '../api/insights-calls.ts';
import { usePlainText } from '@dayframe/markdown/use-plain-text';
import { INSIGHTS_TEXT } from '../messages.ts';
import { WidgetFailure } from './widget-failure.tsx';

/** Entries written on today's month and day in earlier years, or a friendly word when none. */
export function OnThisDayCard({ today }: { today: string }) {
  const { state, retry } = useLoad((signal) => onThisDay(today, signal), [today]);
  // Each entry's first photo, all asked for in one call.
  const photos = useMediaItems(
    state.status === 'ready' ? state.data.entries.flatMap((entry) => entry.photo ?? []) : [],
  );
  return (
    <section
      aria-labelledby="on-this-day"
      className="card border border-base-300/70 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <div>
          <h2 id="on-this-day" className="card-title">
            {INSIGHTS_TEXT.onThisDay}
          </h2>
          <p className="text-sm text-base-content/60">{formatDate(today)}</p>
        </div>
        {state.status === 'loading' ? <PageSpinner label={INSIGHTS_TEXT.loading} /> : null}
        {state.status === 'error' ? (
          <WidgetFailure message={INSIGHTS_TEXT.onThisDayFailed} onRetry={retry} />
        ) : null}
        {state.status === 'ready' && state.data.entries.length === 0 ? (
          <p className="rounded-box bg-base-200/60 px-4 py-5 text-sm text-base-content/70">
            {INSIGHTS_TEXT.onThisDayEmpty}
          </p>
        ) : null}
        {state.status === 'ready' && state.data.entries.length > 0 ? (
          <ul className="space-y-2">
            {state.data.entries.map((entry) => (
              <li key={entry._id}>
                <Link
                  to={`/journals/${encodeURIComponent(entry.journalId)}/entries/${encodeURIComponent(entry._id)}`}
                  className="flex items-start gap-3 rounded-box border border-base-300/70 p-3 transition hover:border-primary/40 hover:bg-base-200/40"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-xs text-base-content/60">
                      <span className="badge badge-sm badge-primary badge-soft">
                        {INSIGHTS_TEXT.yearsAgo(entry.yearsAgo)}
                      </span>
                      <span className="truncate">{entry.journalTitle}</span>
                    </p>
                    <p className="mt-1 font-semibold wrap-anywhere">
                      {entry.title.trim() || INSIGHTS_TEXT.untitled}
                    </p>
                    {entry.excerpt ? <Excerpt text={entry.excerpt} /> : null}
                  </div>
                  <EntryPhoto item={entry.photo ? photos.get(entry.photo) : undefined} />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** The server's excerpt of the entry, without Markdown's marks. */
function Excerpt({ text }: { text: string }) {
  return (
    <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-base-content/70">
      {usePlainText(text)}
    </p>
  );
}

/** The entry's first photo, small, beside its words; nothing for another kind of file or none. */
function EntryPhoto({ item }: { item: MediaItem | undefined }) {
  if (!isImage(item)) return null;
  // The link's words already say which entry this is: the picture adds no words of its own.
  return (
    <MediaThumbnail
      item={item}
      alt=""
      className="size-16 shrink-0 rounded-field border border-base-300/70 object-cover"
    />
  );
}
