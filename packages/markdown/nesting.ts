/**
 * How many quotes and list items one line may open. micromark re-checks every open container
 * for each one it opens on a line, so `- - - - …` or `> > > …` 10,000 deep is quadratic; past this
 * depth the markers are blanked to spaces (the rest becomes indented text). Blanking keeps every
 * offset, so task positions still point into the writer's own source.
 */
export const MAX_NESTING = 32;

const SPACE = 32;
const TAB = 9;

/** The source with each line's container markers past MAX_NESTING replaced by spaces. Linear. */
export function capNesting(source: string): string {
  let out: string[] | null = null;
  let last = 0;
  let at = 0;
  while (at < source.length) {
    let depth = 0;
    let i = at;
    let cutFrom = -1;
    // Walk this line's leading markers: `>` (space optional), `-`/`*`/`+` or 1-9 digits with
    // `.`/`)`, each followed by a space or tab.
    for (;;) {
      while (source.charCodeAt(i) === SPACE || source.charCodeAt(i) === TAB) i++;
      const start = i;
      const c = source[i];
      if (c === '>') i++;
      else if ((c === '-' || c === '*' || c === '+') && isBlank(source.charCodeAt(i + 1))) i++;
      else {
        let digits = 0;
        while (digits < 9 && isDigit(source.charCodeAt(i + digits))) digits++;
        const close = source[i + digits];
        if (
          digits === 0 ||
          (close !== '.' && close !== ')') ||
          !isBlank(source.charCodeAt(i + digits + 1))
        )
          break;
        i += digits + 1;
      }
      depth++;
      if (depth === MAX_NESTING + 1) cutFrom = start;
    }
    if (cutFrom >= 0) {
      out ??= [];
      out.push(source.slice(last, cutFrom), ' '.repeat(i - cutFrom));
      last = i;
    }
    const end = source.indexOf('\n', i);
    at = end === -1 ? source.length : end + 1;
  }
  return out === null ? source : out.join('') + source.slice(last);
}

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
