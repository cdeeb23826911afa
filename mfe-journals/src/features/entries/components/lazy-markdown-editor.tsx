import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { ContentField } from '../../../shared/fields.tsx';
import { lazyScreen } from '../../../shared/lazy-screen.ts';
import { WithMedia } from './media-provider.tsx';

// The toolbar and the Markdown renderer are a chunk of their own: the journal list never loads
// them. The textarea is not in it, so the field works, and keeps what is typed, before it arrives.
const loadTools = () => import('./markdown-tools.tsx');
const Toolbar = lazyScreen(() => loadTools().then(({ Toolbar }) => ({ Toolbar })), 'Toolbar');
const Preview = lazyScreen(() => loadTools().then(({ Preview }) => ({ Preview })), 'Preview');
// Adding files (the button, drop, paste, progress) is a chunk of its own too.
const MediaUploads = lazyScreen(() => import('./media-uploads.tsx'), 'MediaUploads');

/**
 * Fetches the editor's chunks ahead: a screen that awaits it (the entry page, with its entry)
 * paints the toolbar, the preview and the upload row at once, so nothing moves as they arrive.
 */
export function preloadEditor(): Promise<unknown> {
  return Promise.all([Toolbar.preload(), Preview.preload(), MediaUploads.preload()]);
}

export type MarkdownEditorProps = {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder?: string;
  /** Ticking a task in the preview; without it the preview's boxes are read-only. */
  onToggleTask?: (index: number, checked: boolean) => void;
  /** The form's date field, if it has one: a photo taken on another day offers its date. */
  date?: string;
  onDateChange?: (date: string) => void;
};

/**
 * An entry's content as Markdown: the Content field with a toolbar and shortcuts, Write and
 * Preview tabs, and both side by side on wide screens (styles.css); photos and files are added
 * with a button, by drop or by paste, and `media:` references resolve in the preview.
 */
export function LazyMarkdownEditor({
  value,
  onChange,
  rows,
  placeholder,
  onToggleTask,
  date,
  onDateChange,
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const frame = useRef<HTMLDivElement>(null);
  // Parsing is linear but not free (about 100 ms for a 50,000-character entry on a busy laptop):
  // the textarea takes each key first and the preview catches up when typing pauses.
  const previewed = useDeferredValue(value);
  return (
    <WithMedia>
      <div className="md-editor" data-tab={tab}>
        <div className="md-editor-bar">
          <div
            role="tablist"
            aria-label="Write or preview"
            className="md-tabs tabs tabs-box tabs-sm"
          >
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={`tab ${tab === name ? 'tab-active' : ''}`}
                onClick={() => setTab(name)}
              >
                {name === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
          {/* Holds the toolbar's height while it arrives: the panes below do not move. */}
          <Suspense fallback={<div className="md-toolbar-placeholder" aria-hidden="true" />}>
            <Toolbar frame={frame} onChange={onChange} />
          </Suspense>
        </div>
        <div className="md-panes">
          <div ref={frame} className="md-write">
            <ContentField value={value} onChange={onChange} rows={rows} placeholder={placeholder} />
          </div>
          <section className="md-preview" aria-label="Preview">
            <Suspense fallback={<p className="text-base-content/60">Loading preview…</p>}>
              <Preview source={previewed} onToggleTask={onToggleTask} />
            </Suspense>
          </section>
        </div>
        <Suspense fallback={<div className="md-uploads-placeholder" />}>
          <MediaUploads frame={frame} onChange={onChange} date={date} onDateChange={onDateChange} />
        </Suspense>
      </div>
    </WithMedia>
  );
}
