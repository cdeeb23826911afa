import type { ReactNode } from 'react';
import type { Entry } from '@dayframe/contracts';
import { ErrorState, PageSpinner } from '@dayframe/web-kit';
import type { PagedList } from '../../../shared/use-paged-list.ts';
import { LoadMore } from '../../../shared/load-more.tsx';
import { EntryCard } from './entry-card.tsx';
import { JOURNALS_TEXT } from '../messages.ts';

/**
 * A server-paged grid of entry cards (a journal's, a tag's, the starred ones): spinner, failure
 * with retry, `empty` when there are none, and the next page as the reader scrolls.
 */
export function EntryGrid({
  list,
  loadMore,
  retry,
  empty,
}: {
  list: PagedList<Entry>;
  loadMore: () => void;
  retry: () => void;
  empty: ReactNode;
}) {
  if (list.status === 'loading') return <PageSpinner label="Loading entries…" />;
  if (list.status === 'error')
    return <ErrorState title={JOURNALS_TEXT.entriesFailed} onRetry={retry} />;
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((entry) => (
          <li key={entry._id}>
            <EntryCard entry={entry} />
          </li>
        ))}
      </ul>
      {list.next !== null ? (
        <LoadMore
          label={JOURNALS_TEXT.loadMoreEntries}
          loading={list.more === 'loading'}
          failed={list.more === 'error'}
          shown={list.items.length}
          onLoadMore={loadMore}
        />
      ) : null}
    </>
  );
}
