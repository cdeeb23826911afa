import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { mediaIdsIn, type Entry } from '@dayframe/contracts';
import {
  BackLink,
  CalendarIcon,
  ConfirmDialog,
  EmptyState,
  ErrorCircleIcon,
  formatDate,
  isApiError,
  PageHeader,
  PageSpinner,
  Panel,
  SubmitButton,
  toast,
  TrashIcon,
  useDocumentTitle,
  useLoad,
  useSubmit,
  useNavigate,
  useParams,
} from '@dayframe/web-kit';
import { deleteEntry, getEntry, updateEntry } from '../api/entries-calls.ts';
import { ENTRIES_TEXT } from '../messages.ts';
import { TitleField } from '../../../shared/fields.tsx';
import { LazyMarkdownEditor, preloadEditor } from '../components/lazy-markdown-editor.tsx';
import { EntryMetaFields } from '../components/entry-meta-fields.tsx';
import { metaOf, sameMeta } from '../components/entry-meta.ts';
import { StarButton } from '../components/star-button.tsx';
import { RemindMeButton, RevisitLine, usePendingRevisit } from '../components/remind-me.tsx';
import { EntryHistory } from '../components/entry-history.tsx';
import { MediaProvider, newMediaStore } from '../components/media-provider.tsx';
import type { MediaStore } from '../components/media-store.ts';
import { lazyScreen } from '../../../shared/lazy-screen.ts';
import type { Photo, Viewing } from '../components/photo-viewer.ts';

// The gallery parses the entry and the lightbox opens on a click: chunks of their own, so an
// entry without photos, and the journal list, carry neither.
const EntryMedia = lazyScreen(() => import('../components/entry-media.tsx'), 'EntryMedia');
/** How long the entry waits for its files' sizes before it shows without them. */
const PHOTOS_WAIT_MS = 2_000;
const loadLightbox = () => import('../components/lightbox.tsx');
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));

/**
 * The entry's files: `media:` references resolve (one request per batch) for the editor's
 * preview and the gallery below it, and a photo in either opens the lightbox.
 */
function EntryWithMedia({
  content,
  store,
  children,
}: {
  content: string;
  store: MediaStore;
  children: ReactNode;
}) {
  const photos = useRef<Photo[]>([]);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const onPhotos = useCallback((list: Photo[]) => {
    photos.current = list;
    // An entry with photos fetches the lightbox ahead: the first one opens at once.
    if (list.length > 0) void loadLightbox();
  }, []);
  const openPhoto = useCallback((id: string, opener: HTMLElement) => {
    const index = photos.current.findIndex((photo) => photo.id === id);
    // A photo only in unsaved text is not in the gallery yet: it is shown alone.
    const alone = [{ id, caption: opener.querySelector('img')?.alt ?? '' }];
    setViewing(
      index >= 0 ? { photos: photos.current, index, opener } : { photos: alone, index: 0, opener },
    );
  }, []);
  return (
    <MediaProvider openPhoto={openPhoto} store={store}>
      {children}
      <Suspense fallback={null}>
        <EntryMedia content={content} onPhotos={onPhotos} />
      </Suspense>
      <Suspense fallback={null}>
        {viewing ? (
          <Lightbox
            viewing={viewing}
            onIndex={(index) => setViewing({ ...viewing, index })}
            onClose={() => setViewing(null)}
          />
        ) : null}
      </Suspense>
    </MediaProvider>
  );
}

function EntryEditor({
  entry,
  journalPath,
  onSaved,
}: {
  entry: Entry;
  journalPath: string;
  onSaved: (entry: Entry) => void;
}) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(entry.title);
  const [content, setContent] = useState(entry.content);
  const [meta, setMeta] = useState(() => metaOf(entry));
  const { busy: saving, submit: save } = useSubmit();
  const [asking, setAsking] = useState(false);
  const { busy: deleting, submit: remove } = useSubmit();
  const { submit: saveTask } = useSubmit();

  // Ticking a task in the rendered entry saves it at once, unless other changes wait for Save:
  // then the tick joins them.
  async function onToggleTask(index: number, checked: boolean) {
    // Imported here, not at the top: the parser stays out of the chunk every journal screen loads
    // (the editor that calls this has already fetched it).
    const { toggleTask } = await import('@dayframe/markdown/tasks');
    const next = toggleTask(content, index, checked);
    if (next === content) return;
    setContent(next);
    const pending =
      title.trim() !== entry.title.trim() ||
      content !== entry.content ||
      !sameMeta(meta, metaOf(entry));
    if (pending) return;
    void saveTask(
      () => updateEntry(entry.journalId, entry._id, { title: entry.title, content: next }),
      {
        success: ENTRIES_TEXT.updated,
        failure: ENTRIES_TEXT.updateFailed,
        onError: () => setContent(content),
        onSuccess: onSaved,
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!title.trim() || !content.trim()) {
      toast.error(ENTRIES_TEXT.editMissing);
      return;
    }
    if (
      title.trim() === entry.title.trim() &&
      content === entry.content &&
      sameMeta(meta, metaOf(entry))
    ) {
      toast.error(ENTRIES_TEXT.editUnchanged);
      return;
    }
    void save(
      () => updateEntry(entry.journalId, entry._id, { title: title.trim(), content, ...meta }),
      {
        success: ENTRIES_TEXT.updated,
        failure: ENTRIES_TEXT.updateFailed,
        onSuccess: onSaved,
      },
    );
  }

  function onDelete() {
    void remove(() => deleteEntry(entry.journalId, entry._id), {
      success: ENTRIES_TEXT.deleted,
      failure: ENTRIES_TEXT.deleteFailed,
      onError: () => setAsking(false),
      onSuccess: () => navigate(journalPath, { replace: true }),
    });
  }

  return (
    <Panel>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TitleField value={title} onChange={setTitle} required />
        <LazyMarkdownEditor
          value={content}
          onChange={setContent}
          rows={12}
          onToggleTask={(index, checked) => void onToggleTask(index, checked)}
        />
        <EntryMetaFields value={meta} onChange={setMeta} title={title} content={content} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <button
            type="button"
            className="btn btn-ghost text-error hover:bg-error/10"
            onClick={() => setAsking(true)}
            disabled={saving}
          >
            <TrashIcon className="size-5" /> Delete
          </button>
          <SubmitButton busy={saving} className="sm:min-w-32">
            Save
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        danger
        busy={deleting}
        title={ENTRIES_TEXT.deleteQuestion}
        confirmLabel="Delete"
        onConfirm={onDelete}
        onCancel={() => setAsking(false)}
      >
        {ENTRIES_TEXT.deleteWarning}
      </ConfirmDialog>
    </Panel>
  );
}

/** Spec §2 `/journals/:id/entries/:entryId`: read, edit or delete one entry. */
export function EntryPage() {
  const { id = '', entryId = '' } = useParams();
  const journalPath = `/journals/${encodeURIComponent(id)}`;
  const [media] = useState(newMediaStore);
  const { state, retry, setData } = useLoad(
    // The entry, its files' sizes and links, and the editor's and gallery's chunks, before the
    // first paint: the entry then appears whole, its photos in boxes of their own size, and
    // nothing on the page moves as parts arrive (bench/entry-photos.bench.ts).
    async (signal) => {
      const [entry] = await Promise.all([
        getEntry(id, entryId, signal).then(async (loaded) => {
          await media.preload(mediaIdsIn(loaded.content), PHOTOS_WAIT_MS);
          return loaded;
        }),
        preloadEditor(),
        EntryMedia.preload(),
      ]);
      return entry;
    },
    [id, entryId],
    {
      onError: (error) => {
        console.error('Loading an entry failed', error);
        toast.error(ENTRIES_TEXT.loadFailed);
      },
    },
  );
  // Beside the entry, not before it: the entry paints without waiting for its reminder.
  const revisit = usePendingRevisit(entryId);
  // A restore puts other text into the entry: counted here, it gives the editor a fresh start.
  const [restores, setRestores] = useState(0);
  const savedTitle = state.status === 'ready' ? state.data.title.trim() : '';
  useDocumentTitle(savedTitle || 'Entry');

  // The spinner holds a screen's height: the footer stays below the fold, where the entry
  // (always taller: its fields and editor) will keep it, instead of showing and then jumping.
  // Its own key makes the entry a new box rather than this one restyled: Chromium counts a box
  // that changes its width and place as a layout shift, a box that appears as none.
  if (state.status === 'loading')
    return (
      <div key="loading" className="entry-loading">
        <PageSpinner label="Loading entry…" />
      </div>
    );
  if (state.status === 'error') {
    const missing = isApiError(state.error, 404);
    return (
      <div>
        <BackLink to={journalPath}>Back to Journal</BackLink>
        <EmptyState
          role="alert"
          tone="error"
          icon={ErrorCircleIcon}
          title={missing ? ENTRIES_TEXT.notFound : ENTRIES_TEXT.loadFailed}
          text={
            missing
              ? 'It may have been deleted, or the link is wrong.'
              : 'Check your connection and try again.'
          }
          action={
            missing ? null : (
              <button type="button" className="btn btn-outline" onClick={retry}>
                Try again
              </button>
            )
          }
        />
      </div>
    );
  }

  const entry = state.data;
  return (
    <div key="entry" className="mx-auto max-w-3xl">
      <PageHeader
        back={{ to: journalPath, label: 'Back to Journal' }}
        title={savedTitle || <span className="text-base-content/60 italic">Untitled entry</span>}
        actions={
          <>
            <RemindMeButton entryId={entry._id} revisit={revisit} />
            <StarButton entry={entry} onStarred={setData} />
          </>
        }
      >
        <p className="mt-3 flex items-center gap-2 text-base-content/70">
          <CalendarIcon className="size-5 text-primary" />
          <time dateTime={entry.date}>{formatDate(entry.date)}</time>
        </p>
        <RevisitLine revisit={revisit} />
      </PageHeader>
      <EntryWithMedia content={entry.content} store={media}>
        <EntryEditor
          key={`${entry._id}:${restores}`}
          entry={entry}
          journalPath={journalPath}
          onSaved={setData}
        />
      </EntryWithMedia>
      <EntryHistory
        entry={entry}
        onRestored={(restored) => {
          setData(restored);
          setRestores((count) => count + 1);
        }}
      />
    </div>
  );
}
