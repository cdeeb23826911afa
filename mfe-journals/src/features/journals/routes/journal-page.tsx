import { Suspense, useId, useState } from 'react';
import {
  BackLink,
  EmptyState,
  ErrorState,
  isApiError,
  PageHeader,
  PageSpinner,
  PencilIcon,
  PhotoIcon,
  PlusIcon,
  toast,
  useDocumentTitle,
  useLoad,
  Link,
  useParams,
} from '@dayframe/web-kit';
import { getJournal } from '../api/journals-calls.ts';
import { listEntries } from '../../entries/mod.ts';
import { entryCount } from '../../../shared/count.ts';
import { usePagedList } from '../../../shared/use-paged-list.ts';
import { EntryGrid } from '../components/entry-grid.tsx';
import { JournalNotFound } from '../components/journal-not-found.tsx';
import { JOURNALS_TEXT } from '../messages.ts';
import { LazyNewEntryForm as NewEntryForm } from '../components/lazy-new-entry-form.ts';

/** Spec §2 `/journals/:id`: the journal, its New Entry form and its entries. */
export function JournalPage() {
  const { id = '' } = useParams();
  const formId = useId();
  const [composing, setComposing] = useState(false);
  const journal = useLoad((signal) => getJournal(id, signal), [id], {
    onError: (error) => {
      if (isApiError(error, 404)) return;
      console.error('Loading a journal failed', error);
      toast.error(JOURNALS_TEXT.loadFailed);
    },
  });
  // The server pages a journal's entries: the first page now, the next as the reader scrolls.
  const entries = usePagedList(
    (next, signal) => listEntries(id, next, signal),
    [id],
    (error, more) => {
      // A missing journal is already said once, in the page.
      if (isApiError(error, 404)) return;
      console.error('Loading entries failed', error);
      toast.error(more ? JOURNALS_TEXT.moreEntriesFailed : JOURNALS_TEXT.entriesFailed);
    },
  );
  const title =
    journal.state.status === 'ready'
      ? journal.state.data.title.trim() || JOURNALS_TEXT.untitled
      : undefined;
  useDocumentTitle(title ?? 'Journal');

  if (journal.state.status === 'loading') return <PageSpinner label="Loading journal…" />;
  if (journal.state.status === 'error') {
    if (isApiError(journal.state.error, 404)) return <JournalNotFound />;
    return (
      <div>
        <BackLink to="/journals">All journals</BackLink>
        <ErrorState
          title={JOURNALS_TEXT.loadFailed}
          text="Check your connection and try again."
          onRetry={journal.retry}
        />
      </div>
    );
  }

  const { data } = journal.state;
  const description = data.description.trim();
  // The journal's own count: the list may hold only its first pages. Both reload after an add.
  const count = data.numEntries;

  return (
    <div>
      <PageHeader
        back={{ to: '/journals', label: 'All journals' }}
        title={title}
        subtitle={
          description ? (
            description
          ) : (
            <span className="text-base-content/50 italic">{JOURNALS_TEXT.noDescriptionPage}</span>
          )
        }
        actions={
          <>
            <Link
              to={`/journals/${encodeURIComponent(data._id)}/media`}
              className="btn btn-outline btn-sm border-base-300 bg-base-100 sm:btn-md"
            >
              <PhotoIcon className="size-4" /> {JOURNALS_TEXT.mediaLink}
            </Link>
            <Link
              to={`/journals/${encodeURIComponent(data._id)}/edit`}
              className="btn btn-outline btn-sm border-base-300 bg-base-100 sm:btn-md"
            >
              <PencilIcon className="size-4" /> Edit
            </Link>
          </>
        }
      >
        <p className="mt-4">
          <span className="badge badge-soft badge-primary">{entryCount(count)}</span>
        </p>
      </PageHeader>

      <section className="mb-10">
        <button
          type="button"
          className={`btn ${composing ? 'btn-ghost' : 'btn-primary'}`}
          aria-expanded={composing}
          aria-controls={formId}
          onClick={() => setComposing((open) => !open)}
        >
          <PlusIcon className={`size-5 transition-transform ${composing ? 'rotate-45' : ''}`} />
          New Entry
        </button>
        {composing ? (
          <div id={formId} className="mt-4">
            <Suspense fallback={<PageSpinner label="Loading…" />}>
              <NewEntryForm
                journalId={data._id}
                template={data.template}
                onCancel={() => setComposing(false)}
                onCreated={() => {
                  setComposing(false);
                  entries.retry();
                  journal.retry();
                }}
              />
            </Suspense>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${formId}-entries`}>
        <h2 id={`${formId}-entries`} className="mb-4 text-xl font-semibold tracking-tight">
          Entries
        </h2>
        <EntryGrid
          list={entries.state}
          loadMore={entries.loadMore}
          retry={entries.retry}
          empty={
            <EmptyState
              icon={PencilIcon}
              title={JOURNALS_TEXT.noEntries}
              text="Use New Entry above to write the first one."
            />
          }
        />
      </section>
    </div>
  );
}
