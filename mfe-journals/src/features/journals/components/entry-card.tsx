import type { Entry } from '@dayframe/contracts';
import { CalendarIcon, formatDate, Link } from '@dayframe/web-kit';
import { usePlainText } from '@dayframe/markdown/use-plain-text';
import { JOURNALS_TEXT } from '../messages.ts';

/** One entry in the journal's grid: title, date and the first three lines; opens the entry. */
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
      </div>
    </Link>
  );
}
