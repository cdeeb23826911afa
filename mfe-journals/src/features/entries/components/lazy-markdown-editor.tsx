import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { ContentField } from '../../../shared/fields.tsx';

// The toolbar and the Markdown renderer are a chunk of their own: the journal list never loads
// them. The textarea is not in it, so the field works, and keeps what is typed, before it arrives.
const Toolbar = lazy(() => import('./markdown-tools.tsx').then((m) => ({ default: m.Toolbar })));
const Preview = lazy(() => import('./markdown-tools.tsx').then((m) => ({ default: m.Preview })));

export type MarkdownEditorProps = {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder?: string;
  /** Ticking a task in the preview; without it the preview's boxes are read-only. */
  onToggleTask?: (index: number, checked: boolean) => void;
};

/**
 * An entry's content as Markdown: the Content field with a toolbar and shortcuts, Write and
 * Preview tabs, and both side by side on wide screens (styles.css).
 */
export function LazyMarkdownEditor({
  value,
  onChange,
  rows,
  placeholder,
  onToggleTask,
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const frame = useRef<HTMLDivElement>(null);
  // Parsing is linear but not free (about 100 ms for a 50,000-character entry on a busy laptop):
  // the textarea takes each key first and the preview catches up when typing pauses.
  const previewed = useDeferredValue(value);
  return (
    <div className="md-editor" data-tab={tab}>
      <div className="md-editor-bar">
        <div role="tablist" aria-label="Write or preview" className="md-tabs tabs tabs-box tabs-sm">
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
    </div>
  );
}
