/** One line of a diff: in both texts, only in the earlier one, or only in the later one. */
export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };

// Past this many cells the longest-common-subsequence table would take too long and too much
// memory on a phone (entries are at most 50,000 characters): the middle is then shown as
// removed and added whole, which is still true, only less precise.
const MAX_CELLS = 4_000_000;

/**
 * What changed from `before` to `after`, line by line: the lines they share in order (a longest
 * common subsequence, after the shared first and last lines are set aside), the rest marked
 * removed (only in `before`) or added (only in `after`), removals first where both occur.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [
    ...a.slice(0, start).map(same),
    ...middle(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA).map(same),
  ];
}

function middle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  if (a.length * b.length > MAX_CELLS || a.length === 0 || b.length === 0)
    return [...a.map(removed), ...b.map(added)];
  // lcs[i * width + j]: the longest common subsequence of a[i..] and b[j..]. Its length never
  // exceeds the shorter side, at most 2,000 lines under MAX_CELLS, so 16 bits hold it.
  const width = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i += 1;
      j += 1;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      lines.push(removed(a[i]!));
      i += 1;
    } else {
      lines.push(added(b[j]!));
      j += 1;
    }
  }
  return [...lines, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** A diff's lines to show, or a run of unchanged lines folded into its count. */
export type DiffPart = DiffLine | { kind: 'folded'; count: number };

/**
 * The diff with long unchanged runs folded: `context` unchanged lines stay on each side of a
 * change, so a one-line edit in a long entry shows that line and its neighbours.
 */
export function foldUnchanged(lines: DiffLine[], context = 2): DiffPart[] {
  const parts: DiffPart[] = [];
  let run: DiffLine[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length <= keepBefore + keepAfter + 1) parts.push(...run);
    else {
      parts.push(...run.slice(0, keepBefore));
      parts.push({ kind: 'folded', count: run.length - keepBefore - keepAfter });
      parts.push(...run.slice(run.length - keepAfter));
    }
    run = [];
  };
  let seenChange = false;
  for (const line of lines) {
    if (line.kind === 'same') run.push(line);
    else {
      flush(!seenChange, false);
      seenChange = true;
      parts.push(line);
    }
  }
  flush(!seenChange, true);
  return parts;
}
