/** What the toolbar and shortcuts do to the selected text. */
export type Format = 'bold' | 'italic' | 'heading' | 'list' | 'task' | 'link' | 'quote';

export type Edit = { value: string; start: number; end: number };

const WRAP: Partial<Record<Format, [string, string, string]>> = {
  // before, after, and the words put in when nothing is selected
  bold: ['**', '**', 'bold text'],
  italic: ['*', '*', 'italic text'],
};

const PREFIX: Partial<Record<Format, string>> = {
  heading: '## ',
  list: '- ',
  task: '- [ ] ',
  quote: '> ',
};

/**
 * The text after formatting the selection `[start, end)`, and the selection to leave: wrapped
 * words stay selected inside their marks, prefixed lines stay selected whole, a new link selects
 * its address so typing replaces it.
 */
export function applyFormat(format: Format, value: string, start: number, end: number): Edit {
  const selected = value.slice(start, end);
  const wrap = WRAP[format];
  if (wrap) {
    const [before, after, placeholder] = wrap;
    const text = selected || placeholder;
    const next = value.slice(0, start) + before + text + after + value.slice(end);
    return { value: next, start: start + before.length, end: start + before.length + text.length };
  }
  if (format === 'link') {
    const text = selected || 'link text';
    const url = 'https://';
    const next = `${value.slice(0, start)}[${text}](${url})${value.slice(end)}`;
    const urlAt = start + text.length + 3;
    return { value: next, start: urlAt, end: urlAt + url.length };
  }
  // Line formats prefix every line the selection touches.
  const prefix = PREFIX[format]!;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = value.indexOf('\n', end > start && value[end - 1] === '\n' ? end - 1 : end);
  const lineEnd = lineEndAt === -1 ? value.length : lineEndAt;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const block = lines.map((line) => prefix + line).join('\n');
  return {
    value: value.slice(0, lineStart) + block + value.slice(lineEnd),
    start: lineStart,
    end: lineStart + block.length,
  };
}
