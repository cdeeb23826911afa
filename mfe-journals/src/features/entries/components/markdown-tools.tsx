import { flushSync } from 'react-dom';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Markdown } from '@dayframe/markdown';
import { applyFormat, type Format } from './formatting.ts';

const TOOLS: { format: Format; label: string; glyph: ReactNode; keys?: string }[] = [
  { format: 'bold', label: 'Bold', glyph: 'B', keys: 'Control+B' },
  { format: 'italic', label: 'Italic', glyph: 'I', keys: 'Control+I' },
  { format: 'heading', label: 'Heading', glyph: 'H' },
  { format: 'list', label: 'List', glyph: '•' },
  { format: 'task', label: 'Task', glyph: '☐' },
  // Drawn, not an emoji: a machine without an emoji font would show an empty box.
  { format: 'link', label: 'Link', glyph: <LinkGlyph />, keys: 'Control+K' },
  { format: 'quote', label: 'Quote', glyph: '❝' },
];

const SHORTCUTS: Record<string, Format> = { b: 'bold', i: 'italic', k: 'link' };

type ToolbarProps = {
  /** The element holding the Content textarea, which stays the same element throughout. */
  frame: RefObject<HTMLDivElement | null>;
  onChange: (value: string) => void;
};

/**
 * The formatting toolbar and its shortcuts (Ctrl/⌘+B, I, K on the textarea). Lazily loaded: the
 * textarea itself is never swapped, so nothing typed while this arrives is lost.
 */
export function Toolbar({ frame, onChange }: ToolbarProps) {
  function format(kind: Format) {
    const area = frame.current?.querySelector('textarea');
    if (!area) return;
    const edit = applyFormat(kind, area.value, area.selectionStart, area.selectionEnd);
    // React writes the new value now, and the selection follows at once: a key pressed right
    // after (typing the address Ctrl+K selected) lands in the selection, not after it.
    flushSync(() => onChange(edit.value));
    area.focus();
    area.setSelectionRange(edit.start, edit.end);
  }

  useEffect(() => {
    const area = frame.current;
    if (!area) return;
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.target instanceof HTMLTextAreaElement)) return;
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const kind = SHORTCUTS[event.key.toLowerCase()];
      if (!kind) return;
      event.preventDefault();
      format(kind);
    }
    area.addEventListener('keydown', onKeyDown);
    return () => area.removeEventListener('keydown', onKeyDown);
  });

  // One tab stop for the whole toolbar (the ARIA toolbar pattern): the arrow keys, Home and End
  // move between its buttons, so Tab goes from the field before it to the textarea in one step.
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  function onToolbarKey(event: ReactKeyboardEvent<HTMLDivElement>) {
    const last = TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (active + 1) % TOOLS.length
        : event.key === 'ArrowLeft'
          ? (active + last) % TOOLS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  return (
    <div role="toolbar" aria-label="Formatting" className="md-toolbar" onKeyDown={onToolbarKey}>
      {TOOLS.map((tool, index) => (
        <button
          key={tool.format}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          tabIndex={index === active ? 0 : -1}
          onFocus={() => setActive(index)}
          className="btn btn-ghost btn-sm btn-square"
          aria-label={tool.label}
          title={tool.keys ? `${tool.label} (${tool.keys.replace('Control', 'Ctrl')})` : tool.label}
          aria-keyshortcuts={tool.keys}
          onClick={() => format(tool.format)}
        >
          <span aria-hidden="true" className={`md-glyph md-glyph-${tool.format}`}>
            {tool.glyph}
          </span>
        </button>
      ))}
    </div>
  );
}

/** The rendered Markdown beside or instead of the textarea; tasks tick when `onToggleTask` is given. */
export function Preview({
  source,
  onToggleTask,
}: {
  source: string;
  onToggleTask?: (index: number, checked: boolean) => void;
}) {
  return source.trim() ? (
    <Markdown source={source} onToggleTask={onToggleTask} className="markdown" />
  ) : (
    <p className="text-base-content/60 italic">Nothing to preview yet.</p>
  );
}

/** Two links of a chain. */
function LinkGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 13a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
      <path d="M14 11a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
    </svg>
  );
}
