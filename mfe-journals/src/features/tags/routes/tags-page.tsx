import { useState } from 'react';
import type { TagCount } from '@dayframe/contracts';
import {
  ConfirmDialog,
  ErrorState,
  EmptyState,
  Link,
  PageHeader,
  PageSpinner,
  PencilIcon,
  TagIcon,
  toast,
  TrashIcon,
  useDocumentTitle,
  useLoad,
  useSubmit,
} from '@dayframe/web-kit';
import { entryCount } from '../../../shared/count.ts';
import { deleteTag, listTags } from '../api/tags-calls.ts';
import { RenameTagDialog } from '../components/rename-tag-dialog.tsx';
import { TAGS_TEXT } from '../messages.ts';

/** One tag of the list: its page, how many entries carry it, Rename and Delete. */
function TagRow({
  tag,
  onRename,
  onDelete,
}: {
  tag: TagCount;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex items-center gap-2 py-2 pr-1 pl-2 sm:gap-3 sm:pl-3">
      <Link
        to={`/tags/${encodeURIComponent(tag.tag)}`}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-field px-2 py-2 hover:bg-base-200/70"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <TagIcon className="size-4.5" />
        </span>
        <span className="min-w-0 flex-1 truncate font-medium group-hover:underline">
          #{tag.tag}
        </span>
        <span className="badge badge-soft badge-primary shrink-0">{entryCount(tag.count)}</span>
      </Link>
      <button
        type="button"
        className="btn btn-square btn-ghost btn-sm"
        aria-label={TAGS_TEXT.rename(tag.tag)}
        title="Rename"
        onClick={onRename}
      >
        <PencilIcon className="size-4.5" />
      </button>
      <button
        type="button"
        className="btn btn-square btn-ghost btn-sm text-error hover:bg-error/10"
        aria-label={TAGS_TEXT.remove(tag.tag)}
        title="Delete"
        onClick={onDelete}
      >
        <TrashIcon className="size-4.5" />
      </button>
    </li>
  );
}

/** `/tags`: the caller's tags with counts; each opens its entries, and can be renamed or deleted. */
export function TagsPage() {
  useDocumentTitle(TAGS_TEXT.title);
  const { state, retry } = useLoad((signal) => listTags(signal), [], {
    onError: (error) => {
      console.error('Loading tags failed', error);
      toast.error(TAGS_TEXT.loadFailed);
    },
  });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  function onDelete(tag: string) {
    void submit(() => deleteTag(tag), {
      success: TAGS_TEXT.deleted,
      failure: TAGS_TEXT.deleteFailed,
      onSuccess: () => {
        setDeleting(null);
        retry();
      },
      onError: () => setDeleting(null),
    });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={TAGS_TEXT.title} subtitle={TAGS_TEXT.subtitle} />
      {state.status === 'loading' ? <PageSpinner label="Loading tags…" /> : null}
      {state.status === 'error' ? (
        <ErrorState title={TAGS_TEXT.loadFailed} onRetry={retry} />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState
          icon={TagIcon}
          title={TAGS_TEXT.emptyTitle}
          text={TAGS_TEXT.emptyText}
          action={
            <Link to="/entry" className="btn btn-primary">
              New Entry
            </Link>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul
          aria-label={TAGS_TEXT.title}
          className="divide-y divide-base-300/70 rounded-box border border-base-300/70 bg-base-100 shadow-sm"
        >
          {state.data.map((tag) => (
            <TagRow
              key={tag.tag}
              tag={tag}
              onRename={() => setRenaming(tag.tag)}
              onDelete={() => setDeleting(tag.tag)}
            />
          ))}
        </ul>
      ) : null}
      {renaming ? (
        <RenameTagDialog
          key={renaming}
          tag={renaming}
          onCancel={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            retry();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={busy}
        title={TAGS_TEXT.deleteTitle(deleting ?? '')}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? onDelete(deleting) : undefined)}
        onCancel={() => setDeleting(null)}
      >
        {TAGS_TEXT.deleteText}
      </ConfirmDialog>
    </div>
  );
}
