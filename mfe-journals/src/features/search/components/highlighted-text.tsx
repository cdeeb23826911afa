import type { SearchHighlight } from '@dayframe/contracts';

/**
 * Splits `text` at the `[start, end)` ranges: ranges are clamped to the text, sorted and merged,
 * so a bad or overlapping range never drops or repeats a character.
 */
export function highlightSegments(
  text: string,
  highlights: readonly SearchHighlight[],
): { text: string; match: boolean }[] {
  const ranges = highlights
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const segments: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    const last = segments.at(-1);
    if (from > at) segments.push({ text: text.slice(at, from), match: false });
    // A range touching or overlapping the previous one extends its mark.
    if (from === at && last?.match) last.text += text.slice(from, end);
    else segments.push({ text: text.slice(from, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * The snippet as text nodes with each match in a <mark>. Never HTML: a stored `<script>` is
 * shown as the characters it is.
 */
export function HighlightedText({
  text,
  highlights,
}: {
  text: string;
  highlights: readonly SearchHighlight[];
}) {
  return (
    <>
      {highlightSegments(text, highlights).map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-warning/30 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
