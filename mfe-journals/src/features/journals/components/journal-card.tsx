import type { Journal } from '@dayframe/contracts';
import { BookIcon, formatDate, Link } from '@dayframe/web-kit';
import { entryCount } from '../../../shared/count.ts';
import { JOURNALS_TEXT } from '../messages.ts';

/** One journal on My Journals; the whole card is a link, so Tab and Enter open it. */
export function JournalCard({ journal }: { journal: Journal }) {
  const title = journal.title.trim() || JOURNALS_TEXT.untitled;
  const description = journal.description.trim();
  return (
    <Link
      to={`/journals/${encodeURIComponent(journal._id)}`}
      className="group card h-full border border-base-300/70 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
    >
      <div className="card-body gap-3">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-box bg-primary/10 text-primary">
            <BookIcon className="size-5" />
          </span>
          <h2 className="card-title line-clamp-2 min-w-0 flex-1 text-lg leading-snug wrap-anywhere">
            {title}
          </h2>
        </div>
        <p
          className={`line-clamp-3 wrap-anywhere ${
            description ? 'text-base-content/70' : 'text-base-content/50 italic'
          }`}
        >
          {description || JOURNALS_TEXT.noDescriptionCard}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-base-300/60 pt-3 text-sm">
          <span className="text-base-content/60">Created {formatDate(journal.createdAt)}</span>
          <span className="badge badge-soft badge-primary shrink-0">
            {entryCount(journal.numEntries)}
          </span>
        </div>
      </div>
    </Link>
  );
}
