import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MediaItem } from '@dayframe/contracts';
import { CloseIcon, formatDate, isApiError, PhotoIcon } from '@dayframe/web-kit';
import { uploadMedia } from '../api/media-calls.ts';
import { useMediaStore } from './media-provider.tsx';
import { ACCEPT, fileProblem, referenceFor } from './media-files.ts';
import { insertBlock } from './insert-block.ts';

/** Files sent at once; the rest wait their turn (the server bounds uploads in flight too). */
const AT_ONCE = 2;

type Upload = {
  key: number;
  file: File;
  sent: number;
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
  controller: AbortController;
};

export type MediaUploadsProps = {
  /** The element holding the Content textarea: files dropped or pasted on it are added. */
  frame: RefObject<HTMLDivElement | null>;
  onChange: (value: string) => void;
  /** The form's date, when it has a date field: a photo taken on another day offers its date. */
  date?: string;
  onDateChange?: (date: string) => void;
};

/**
 * Adding photos, audio and files to an entry: the "Add photos or files" button, drop and paste
 * on the text, a row per file with its progress and a Cancel button, and the reference put on a
 * line of its own at the cursor once the file is stored. Lazily loaded with the toolbar.
 */
export function MediaUploads({ frame, onChange, date, onDateChange }: MediaUploadsProps) {
  const store = useMediaStore();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [photoDate, setPhotoDate] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const queue = useRef<Upload[]>([]);
  const live = useRef(new Set<Upload>());
  const sending = useRef(0);
  // What this component last wrote and the text it wrote over: until React has put the new text
  // in the textarea, the next insert builds on what was written, not on the stale field.
  const written = useRef<{ base: string; value: string; caret: number } | null>(null);
  const dateRef = useRef(date);
  dateRef.current = date;

  function update(key: number, change: Partial<Upload> | null) {
    setUploads((all) =>
      change === null
        ? all.filter((upload) => upload.key !== key)
        : all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );
  }

  function insert(block: string) {
    const area = frame.current?.querySelector('textarea');
    if (!area) return;
    const last = written.current;
    const pending = last !== null && area.value === last.base && last.base !== last.value;
    const edit = insertBlock(
      pending ? last.value : area.value,
      pending ? last.caret : area.selectionStart,
      block,
    );
    written.current = {
      base: pending ? last.base : area.value,
      value: edit.value,
      caret: edit.caret,
    };
    onChange(edit.value);
    requestAnimationFrame(() => {
      if (area.value === edit.value) area.setSelectionRange(edit.caret, edit.caret);
    });
  }

  function added(upload: Upload, item: MediaItem) {
    store?.put(item);
    insert(referenceFor(upload.file, item));
    if (item.takenAt && onDateChange && item.takenAt !== dateRef.current)
      setPhotoDate(item.takenAt);
  }

  function pump() {
    while (sending.current < AT_ONCE && queue.current.length > 0) {
      const upload = queue.current.shift()!;
      if (upload.controller.signal.aborted) continue;
      sending.current++;
      update(upload.key, { state: 'sending' });
      uploadMedia(upload.file, {
        signal: upload.controller.signal,
        onProgress: (sent) => update(upload.key, { sent }),
      })
        .then(
          (item) => {
            update(upload.key, null);
            added(upload, item);
          },
          (error: unknown) => {
            if (upload.controller.signal.aborted) return;
            console.error('Adding a file failed', error);
            update(upload.key, {
              state: 'failed',
              error: isApiError(error) ? error.message : 'Could not add this file.',
            });
          },
        )
        .finally(() => {
          live.current.delete(upload);
          sending.current--;
          pump();
        });
    }
  }

  function add(files: Iterable<File>) {
    const fresh: Upload[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      fresh.push({
        key: nextKey.current++,
        file,
        sent: 0,
        state: problem ? 'failed' : 'waiting',
        error: problem ?? undefined,
        controller: new AbortController(),
      });
    }
    if (fresh.length === 0) return;
    setUploads((all) => [...all, ...fresh]);
    for (const upload of fresh) {
      if (upload.state !== 'waiting') continue;
      queue.current.push(upload);
      live.current.add(upload);
    }
    pump();
  }

  function cancel(upload: Upload) {
    upload.controller.abort();
    live.current.delete(upload);
    update(upload.key, null);
    // Its row, and the button that had focus, are gone: focus waits on the Add button.
    addButton.current?.focus();
  }

  // Drop and paste on the text: only files are taken; dragged or pasted text is the textarea's.
  useEffect(() => {
    const area = frame.current;
    if (!area) return;
    const hasFiles = (data: DataTransfer | null) => !!data && [...data.types].includes('Files');
    function onDragOver(event: DragEvent) {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
      area!.dataset.dropping = '';
    }
    function onDragLeave() {
      delete area!.dataset.dropping;
    }
    function onDrop(event: DragEvent) {
      delete area!.dataset.dropping;
      if (!event.dataTransfer || event.dataTransfer.files.length === 0) return;
      event.preventDefault();
      add(event.dataTransfer.files);
    }
    function onPaste(event: ClipboardEvent) {
      if (!event.clipboardData || event.clipboardData.files.length === 0) return;
      event.preventDefault();
      add(event.clipboardData.files);
    }
    area.addEventListener('dragover', onDragOver);
    area.addEventListener('dragleave', onDragLeave);
    area.addEventListener('drop', onDrop);
    area.addEventListener('paste', onPaste);
    return () => {
      area.removeEventListener('dragover', onDragOver);
      area.removeEventListener('dragleave', onDragLeave);
      area.removeEventListener('drop', onDrop);
      area.removeEventListener('paste', onPaste);
    };
  });

  // Leaving the form cancels what is still being sent: nothing would receive its reference.
  useEffect(
    () => () => {
      for (const upload of live.current) upload.controller.abort();
    },
    [],
  );

  const offer = photoDate && onDateChange && photoDate !== date ? photoDate : null;
  return (
    <div className="md-uploads">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          ref={addButton}
          type="button"
          className="btn btn-ghost btn-sm -ml-2"
          onClick={() => picker.current?.click()}
        >
          <PhotoIcon className="size-5 text-primary" /> Add photos or files
        </button>
        <span className="text-sm text-base-content/60">or drop or paste them into the text</span>
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Photos or files to add"
          onChange={(event) => {
            add(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul className="md-upload-list" aria-label="Files being added">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onCancel={() => cancel(upload)} />
          ))}
        </ul>
      ) : null}
      {offer ? (
        <p className="md-photo-date" role="status">
          <span>This photo was taken on another day.</span>
          <button
            type="button"
            className="btn btn-outline btn-primary btn-xs"
            onClick={() => {
              onDateChange!(offer);
              setPhotoDate(null);
            }}
          >
            Use photo date ({formatDate(offer)})
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-square"
            aria-label="Keep the entry's date"
            onClick={() => setPhotoDate(null)}
          >
            <CloseIcon className="size-4" />
          </button>
        </p>
      ) : null}
    </div>
  );
}

function UploadRow({ upload, onCancel }: { upload: Upload; onCancel: () => void }) {
  const name = upload.file.name || 'Pasted file';
  const failed = upload.state === 'failed';
  return (
    <li className="md-upload" data-state={upload.state}>
      <span className="md-upload-name" title={name}>
        {name}
      </span>
      {failed ? (
        <span className="md-upload-error" role="alert">
          {upload.error}
        </span>
      ) : (
        <progress
          className="progress progress-primary"
          aria-label={upload.state === 'waiting' ? `Waiting to add ${name}` : `Adding ${name}`}
          value={upload.state === 'waiting' ? 0 : upload.sent}
          max={upload.file.size || 1}
        />
      )}
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={failed ? `Dismiss ${name}` : `Cancel ${name}`}
        onClick={onCancel}
      >
        {failed ? 'Dismiss' : 'Cancel'}
      </button>
    </li>
  );
}
