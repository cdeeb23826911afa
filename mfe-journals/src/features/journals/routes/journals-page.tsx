import {
  BookIcon,
  EmptyState,
  ErrorState,
  PageHeader,
  PageSpinner,
  PlusIcon,
  StarIcon,
  TagIcon,
  toast,
  useDocumentTitle,
  useLoad,
  Link,
} from '@dayframe/web-kit';
import { listJournals } from '../api/journals-calls.ts';
import { JournalCard } from '../components/journal-card.tsx';
import { JOURNALS_TEXT } from '../messages.ts';

/** Spec §2 `/journals`: My Journals. */
export function JournalsPage() {
  useDocumentTitle(JOURNALS_TEXT.listTitle);
  const { state, retry } = useLoad((signal) => listJournals(signal), [], {
    onError: (error) => {
      console.error('Loading journals failed', error);
      toast.error(JOURNALS_TEXT.listFailed);
    },
  });

  return (
    <div>
      <PageHeader
        title={JOURNALS_TEXT.listTitle}
        subtitle="Your private journals. Pick one to read or write."
        actions={
          // Starred and Tags cut across journals; the spec's menu stays as it is, so they start here
          // (and from the palette).
          <>
            <Link to="/starred" className="btn btn-ghost">
              <StarIcon className="size-5" />
              {JOURNALS_TEXT.starredLink}
            </Link>
            <Link to="/tags" className="btn btn-ghost">
              <TagIcon className="size-5" />
              {JOURNALS_TEXT.tagsLink}
            </Link>
            <Link
              to="/journals/create"
              className="btn btn-primary max-sm:btn-circle"
              aria-label={JOURNALS_TEXT.createButton}
              title={JOURNALS_TEXT.createButton}
            >
              <PlusIcon className="size-5" />
              <span className="max-sm:hidden">{JOURNALS_TEXT.createButton}</span>
            </Link>
          </>
        }
      />
      {state.status === 'loading' ? <PageSpinner label="Loading journals…" /> : null}
      {state.status === 'error' ? (
        <ErrorState title={JOURNALS_TEXT.listFailed} onRetry={retry} />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState
          icon={BookIcon}
          title={JOURNALS_TEXT.emptyTitle}
          text={JOURNALS_TEXT.emptyText}
        />
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Journals">
          {state.data.map((journal) => (
            <li key={journal._id}>
              <JournalCard journal={journal} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
