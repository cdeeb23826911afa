/**
 * `text` with `block` put at `at` on line(s) of its own: a line break is added before it unless
 * it starts a line, and after it unless a line break follows. `caret` is just past the block
 * (and its line break), where the next file goes.
 */
export function insertBlock(
  text: string,
  at: number,
  block: string,
): { value: string; caret: number } {
  const place = Math.max(0, Math.min(at, text.length));
  const before = text.slice(0, place);
  const after = text.slice(place);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const inserted = `${lead}${block}\n`;
  const rest = after.startsWith('\n') ? after.slice(1) : after;
  return { value: `${before}${inserted}${rest}`, caret: before.length + inserted.length };
}
