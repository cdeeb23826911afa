import {
  ErrorState,
  EmptyState,
  formatDate,
  isApiError,
  Link,
  MediaThumbnail,
  PageHeader,
  PageSpinner,
  PhotoIcon,
  toast,
  useDocumentTitle,
  useLoad,
  useParams,
} from '@dayframe/web-kit';
import { getJournal, listJournalPhotos, type JournalPhoto } from '../api/journals-calls.ts';
import { usePagedList } from '../../../shared/use-paged-list.ts';
import { LoadMore } from '../../../shared/load-more.tsx';
import { JournalNotFound } from '../components/journal-not-found.tsx';
import { JOURNALS_TEXT } from '../messages.ts';

/** `/journals/:id/media`: the photos of a journal's entries, by month, newest first. */
export function JournalMediaPage() {
  const { id = '' } = useParams();
  const journal = useLoad((signal) => getJournal(id, signal), [id]);
  const photos = usePagedList(
    (next, signal) => listJournalPhotos(id, next, signal),
    [id],
    (error, more) => {
      // A missing journal is said once, in the page.
      if (isApiError(error, 404)) return;
      console.error('Loading photos failed', error);
      toast.error(more ? JOURNALS_TEXT.moreMediaFailed : JOURNALS_TEXT.mediaFailed);
    },
  );
  const name =
    journal.state.status === 'ready'
      ? journal.state.data.title.trim() || JOURNALS_TEXT.untitled
      : undefined;
  useDocumentTitle(name ? JOURNALS_TEXT.mediaTitle(name) : JOURNALS_TEXT.mediaLink);

  if (journal.state.status === 'loading') return <PageSpinner label={JOURNALS_TEXT.loadingMedia} />;
  if (journal.state.status === 'error') {
    if (isApiError(journal.state.error, 404)) return <JournalNotFound />;
    return <ErrorState title={JOURNALS_TEXT.loadFailed} onRetry={journal.retry} />;
  }
  const journalPath = `/journals/${encodeURIComponent(id)}`;
  const list = photos.state;
  return (
    <div>
      <PageHeader
        back={{ to: journalPath, label: name ?? JOURNALS_TEXT.untitled }}
        title={JOURNALS_TEXT.mediaTitle(name ?? JOURNALS_TEXT.untitled)}
        subtitle={JOURNALS_TEXT.mediaSubtitle}
      />
      {list.status === 'loading' ? <PageSpinner label={JOURNALS_TEXT.loadingMedia} /> : null}
      {list.status === 'error' ? (
        <ErrorState title={JOURNALS_TEXT.mediaFailed} onRetry={photos.retry} />
      ) : null}
      {list.status === 'ready' && list.items.length === 0 && list.next === null ? (
        <EmptyState
          icon={PhotoIcon}
          title={JOURNALS_TEXT.mediaEmpty}
          text={JOURNALS_TEXT.mediaEmptyText}
        />
      ) : null}
      {list.status === 'ready' ? (
        <>
          {byMonth(list.items).map(([month, items]) => (
            <section key={month} aria-labelledby={`month-${month}`} className="mb-8">
              <h2
                id={`month-${month}`}
                className="mb-3 text-lg font-semibold tracking-tight text-base-content/90"
              >
                {monthLabel(month)}
              </h2>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
                {items.map((photo) => (
                  <li key={`${photo.entryId}/${photo.mediaId}`}>
                    <PhotoTile journalPath={journalPath} photo={photo} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {list.next !== null ? (
            <LoadMore
              label={JOURNALS_TEXT.loadMoreMedia}
              loading={list.more === 'loading'}
              failed={list.more === 'error'}
              shown={list.items.length}
              onLoadMore={photos.loadMore}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** One photo, square, opening the entry it is in. */
function PhotoTile({ journalPath, photo }: { journalPath: string; photo: JournalPhoto }) {
  const title = photo.title.trim() || JOURNALS_TEXT.untitledEntry;
  const date = formatDate(photo.date);
  return (
    <Link
      to={`${journalPath}/entries/${encodeURIComponent(photo.entryId)}`}
      className="group block overflow-hidden rounded-box border border-base-300/70 bg-base-200 shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <MediaThumbnail
        item={photo.media}
        alt={JOURNALS_TEXT.photoAlt(title, date)}
        className="aspect-square w-full object-cover transition duration-300 group-hover:scale-[1.03]"
      />
    </Link>
  );
}

/** The photos in runs of one month (`YYYY-MM`), in the order given (newest first). */
function byMonth(photos: JournalPhoto[]): [string, JournalPhoto[]][] {
  const months: [string, JournalPhoto[]][] = [];
  for (const photo of photos) {
    const month = photo.date.slice(0, 7);
    const last = months.at(-1);
    if (last && last[0] === month) last[1].push(photo);
    else months.push([month, [photo]]);
  }
  return months;
}

const MONTH_NAMES = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "June 2026", from `YYYY-MM` as written (never shifted by the time zone). */
function monthLabel(month: string): string {
  return MONTH_NAMES.format(new Date(`${month}-01T00:00:00Z`));
}
