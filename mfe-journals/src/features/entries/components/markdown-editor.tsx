import { useRef, useState, type KeyboardEvent } from 'react';
import { Markdown } from '@dayframe/markdown';
import { ContentField } from '../../../shared/fields.tsx';
import { applyFormat, type Format } from './formatting.ts';

const TOOLS: { format: Format; label: string; glyph: string; keys?: string }[] = [
  { format: 'bold', label: 'Bold', glyph: 'B', keys: 'Control+B' },
  { format: 'italic', label: 'Italic', glyph: 'I', keys: 'Control+I' },
  { format: 'heading', label: 'Heading', glyph: 'H' },
  { format: 'list', label: 'List', glyph: '•' },
  { format: 'task', label: 'Task', glyph: '☐' },
  { format: 'link', label: 'Link', glyph: '🔗', keys: 'Control+K' },
  { format: 'quote', label: 'Quote', glyph: '❝' },
];

const SHORTCUTS: Record<string, Format> = { b: 'bold', i: 'italic', k: 'link' };

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
 * Preview tabs, and both side by side on wide screens (styles.css). Loaded lazily (a chunk of its
 * own) by the entry screens only.
 */
export default function MarkdownEditor({
  value,
  onChange,
  rows,
  placeholder,
  onToggleTask,
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const frame = useRef<HTMLDivElement>(null);

  function format(kind: Format) {
    const area = frame.current?.querySelector('textarea');
    if (!area) return;
    const edit = applyFormat(kind, value, area.selectionStart, area.selectionEnd);
    onChange(edit.value);
    // The selection is set once React has written the new value.
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(edit.start, edit.end);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.target instanceof HTMLTextAreaElement)) return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = SHORTCUTS[event.key.toLowerCase()];
    if (!kind) return;
    event.preventDefault();
    format(kind);
  }

  return (
    <div className="md-editor" data-tab={tab}>
      <div className="md-editor-bar">
        <div role="tablist" aria-label="Content view" className="md-tabs tabs tabs-box tabs-sm">
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
        <div role="toolbar" aria-label="Formatting" className="md-toolbar">
          {TOOLS.map((tool) => (
            <button
              key={tool.format}
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={tool.label}
              title={
                tool.keys ? `${tool.label} (${tool.keys.replace('Control', 'Ctrl')})` : tool.label
              }
              aria-keyshortcuts={tool.keys}
              onClick={() => format(tool.format)}
            >
              <span aria-hidden="true" className={`md-glyph md-glyph-${tool.format}`}>
                {tool.glyph}
              </span>
            </button>
          ))}
        </div>
      </div>
      <div className="md-panes">
        <div ref={frame} className="md-write" onKeyDown={onKeyDown}>
          <ContentField value={value} onChange={onChange} rows={rows} placeholder={placeholder} />
        </div>
        <section className="md-preview" aria-label="Preview">
          {value.trim() ? (
            <Markdown source={value} onToggleTask={onToggleTask} className="markdown" />
          ) : (
            <p className="text-base-content/60 italic">Nothing to preview yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
