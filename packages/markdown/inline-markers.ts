/**
 * How many inline markers (`[`, `]`, `*`, `_`, `~`, `` ` ``, `<`) one block (text between blank
 * lines) may hold. micromark looks back from each closing marker over what the openers before it
 * left, which is quadratic on a block of hundreds of thousands of them; past this many the rest
 * become look-alikes that open and close nothing. The length stays (each is one UTF-16 unit), so
 * task positions still point into the writer's own source. An ordinary entry never gets near it.
 */
export const MAX_MARKERS_PER_BLOCK = 2000;

const LOOK_ALIKE: Record<string, string> = {
  '[': '(',
  ']': ')',
  '*': '\u2217', // ∗
  _: '\u2017', // ‗
  '~': '\u223c', // ∼
  '`': '\u02cb', // ˋ
  '<': '\u2039', // ‹
};

/** The source with each block's inline markers past MAX_MARKERS_PER_BLOCK replaced. Linear. */
export function capInlineMarkers(source: string): string {
  let out: string[] | null = null;
  let last = 0;
  let count = 0;
  let lineBlank = true;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\n') {
      if (lineBlank) count = 0; // a blank line ends the block
      lineBlank = true;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\r') lineBlank = false;
    const alike = LOOK_ALIKE[c];
    if (alike !== undefined && ++count > MAX_MARKERS_PER_BLOCK) {
      out ??= [];
      out.push(source.slice(last, i), alike);
      last = i + 1;
    }
  }
  return out === null ? source : out.join('') + source.slice(last);
}
