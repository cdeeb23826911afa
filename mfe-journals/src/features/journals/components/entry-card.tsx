import { moodName, type Entry, type Mood } from '@dayframe/contracts';
import { CalendarIcon, formatDate, Link, MoodIcon, StarIcon } from '@dayframe/web-kit';
import { usePlainText } from '@dayframe/markdown/use-plain-text';
import { JOURNALS_TEXT } from '../messages.ts';

/**
 * One entry in a grid of entries: date, star, title, the first three lines, mood and tags; opens
 * the entry. The whole card is one link, so the star here is a mark, not a toggle (the entry
 * page has that); it is said in words for screen readers, as the mood is beside its face.
 */
export function EntryCard({ entry }: { entry: Entry }) {
  const title = entry.title.trim() || JOURNALS_TEXT.untitledEntry;
  // The first lines as words: Markdown's marks are not shown on a card.
  const content = usePlainText(entry.content).trim();
  return (
    <Link
      to={`/journals/${encodeURIComponent(entry.journalId)}/entries/${encodeURIComponent(entry._id)}`}
      className="card h-full border border-base-300/70 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
    >
      <div className="card-body block space-y-2 p-5">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-primary uppercase">
          <CalendarIcon className="size-4" />
          <time dateTime={entry.date}>{formatDate(entry.date)}</time>
          {entry.starred ? (
            <span className="ml-auto text-warning">
              <StarIcon className="size-4" fill="currentColor" />
              <span className="sr-only">{JOURNALS_TEXT.starredMark}</span>
            </span>
          ) : null}
        </p>
        <h3
          className={`line-clamp-2 text-base font-semibold wrap-anywhere ${
            entry.title.trim() ? '' : 'text-base-content/60 italic'
          }`}
        >
          {title}
        </h3>
        <p
          className={`line-clamp-3 text-sm leading-relaxed whitespace-pre-line wrap-anywhere ${
            content ? 'text-base-content/70' : 'text-base-content/50 italic'
          }`}
        >
          {content || JOURNALS_TEXT.noContent}
        </p>
        {entry.mood || entry.tags.length ? (
          <div className="flex flex-wrap items-center gap-1.5 pt-1 text-xs">
            {entry.mood ? (
              <span className="inline-flex items-center gap-1 font-medium text-base-content/80">
                <MoodIcon mood={entry.mood as Mood} className="size-4 text-primary" />
                <span className="sr-only">{JOURNALS_TEXT.moodMark}</span>
                {moodName(entry.mood as Mood)}
              </span>
            ) : null}
            {entry.tags.map((tag) => (
              <span
                key={tag}
                className="badge badge-sm border-base-300 bg-base-200/70 text-base-content/80"
              >
                #{tag}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </Link>
  );
}
