import {
  EmptyState,
  isApiError,
  Link,
  PageHeader,
  TagIcon,
  toast,
  useDocumentTitle,
  useParams,
} from '@dayframe/web-kit';
import { EntryGrid } from '../../journals/mod.ts';
import { usePagedList } from '../../../shared/use-paged-list.ts';
import { listTagEntries } from '../api/tags-calls.ts';
import { TAGS_TEXT } from '../messages.ts';

/** `/tags/:tag`: the entries with one tag, paged like a journal's. */
export function TagPage() {
  const { tag = '' } = useParams();
  useDocumentTitle(`#${tag}`);
  const entries = usePagedList(
    (next, signal) => listTagEntries(tag, next, signal),
    [tag],
    (error, more) => {
      if (isApiError(error, 400, 404)) return;
      console.error("Loading a tag's entries failed", error);
      toast.error(more ? TAGS_TEXT.moreFailed : TAGS_TEXT.entriesFailed);
    },
  );
  const missing = entries.state.status === 'error' && isApiError(entries.state.error, 400, 404);
  const empty = (
    <EmptyState
      icon={TagIcon}
      title={TAGS_TEXT.tagEmpty}
      text={TAGS_TEXT.tagEmptyText}
      action={
        <Link to="/tags" className="btn btn-outline">
          {TAGS_TEXT.allTags}
        </Link>
      }
    />
  );
  return (
    <div>
      <PageHeader
        back={{ to: '/tags', label: TAGS_TEXT.allTags }}
        title={`#${tag}`}
        subtitle={TAGS_TEXT.tagSubtitle}
      />
      {missing ? (
        empty
      ) : (
        <EntryGrid
          list={entries.state}
          loadMore={entries.loadMore}
          retry={entries.retry}
          empty={empty}
        />
      )}
    </div>
  );
}
