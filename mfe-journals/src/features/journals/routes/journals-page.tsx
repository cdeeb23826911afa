import { Link } from 'react-router';
import {
  BookIcon,
  ErrorCircleIcon,
  PageSpinner,
  PlusIcon,
  toast,
  useDocumentTitle,
  useLoad,
} from '@dayframe/web-kit';
import { listJournals } from '../../../api/journals-api.ts';
import { PageHeader } from '../../../shared/page-header.tsx';
import { EmptyState } from '../../../shared/panels.tsx';
import { JournalCard } from '../components/journal-card.tsx';
import { JOURNAL_TEXT } from '../messages.ts';

/** Spec §2 `/journals`: My Journals. */
export function JournalsPage() {
  useDocumentTitle(JOURNAL_TEXT.listTitle);
  const { state, retry } = useLoad((signal) => listJournals(signal), [], {
    onError: (error) => {
      console.error('Loading journals failed', error);
      toast.error(JOURNAL_TEXT.listFailed);
    },
  });

  return (
    <div>
      <PageHeader
        title={JOURNAL_TEXT.listTitle}
        subtitle="Your private journals. Pick one to read or write."
        actions={
          <Link
            to="/journals/create"
            className="btn btn-primary max-sm:btn-circle"
            aria-label={JOURNAL_TEXT.createButton}
            title={JOURNAL_TEXT.createButton}
          >
            <PlusIcon className="size-5" />
            <span className="max-sm:hidden">{JOURNAL_TEXT.createButton}</span>
          </Link>
        }
      />
      {state.status === 'loading' ? <PageSpinner label="Loading journals…" /> : null}
      {state.status === 'error' ? (
        <EmptyState
          role="alert"
          tone="error"
          icon={ErrorCircleIcon}
          title={JOURNAL_TEXT.listFailed}
          action={
            <button type="button" className="btn btn-outline" onClick={retry}>
              Try again
            </button>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState icon={BookIcon} title={JOURNAL_TEXT.emptyTitle} text={JOURNAL_TEXT.emptyText} />
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
