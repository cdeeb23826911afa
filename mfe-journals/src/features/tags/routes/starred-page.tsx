import { EmptyState, PageHeader, StarIcon, toast, useDocumentTitle } from '@dayframe/web-kit';
import { EntryGrid } from '../../journals/mod.ts';
import { usePagedList } from '../../../shared/use-paged-list.ts';
import { listStarred } from '../api/tags-calls.ts';
import { TAGS_TEXT } from '../messages.ts';

/** `/starred`: the entries starred across all journals, paged like a journal's. */
export function StarredPage() {
  useDocumentTitle(TAGS_TEXT.starredTitle);
  const entries = usePagedList(
    (next, signal) => listStarred(next, signal),
    [],
    (error, more) => {
      console.error('Loading starred entries failed', error);
      toast.error(more ? TAGS_TEXT.moreFailed : TAGS_TEXT.entriesFailed);
    },
  );
  return (
    <div>
      <PageHeader title={TAGS_TEXT.starredTitle} subtitle={TAGS_TEXT.starredSubtitle} />
      <EntryGrid
        list={entries.state}
        loadMore={entries.loadMore}
        retry={entries.retry}
        empty={
          <EmptyState
            icon={StarIcon}
            title={TAGS_TEXT.starredEmpty}
            text={TAGS_TEXT.starredEmptyText}
          />
        }
      />
    </div>
  );
}
