import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { ContentField } from '../../../shared/fields.tsx';
import { WithMedia } from './media-provider.tsx';

// The toolbar and the Markdown renderer are a chunk of their own: the journal list never loads
// them. The textarea is not in it, so the field works, and keeps what is typed, before it arrives.
const Toolbar = lazy(() => import('./markdown-tools.tsx').then((m) => ({ default: m.Toolbar })));
const Preview = lazy(() => import('./markdown-tools.tsx').then((m) => ({ default: m.Preview })));
// Adding files (the button, drop, paste, progress) is a chunk of its own too.
const MediaUploads = lazy(() =>
  import('./media-uploads.tsx').then((m) => ({ default: m.MediaUploads })),
);

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
          <Suspense fallback={null}>
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
