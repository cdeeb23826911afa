import { useEffect, useMemo, useState } from 'react';

type PlainTextOpening = (source: string, chars: number) => string;
let loaded: PlainTextOpening | null = null;
let loading: Promise<PlainTextOpening> | null = null;

/** Enough source for the three lines a card shows, with room for marks and short lines. */
const OPENING_CHARS = 1_500;

// The parser is a chunk of its own in each remote that shows entries (journals' cards, the
// calendar's entries), fetched once, by the first one on screen; the remote's first chunk is
// only this hook.
function load(): Promise<PlainTextOpening> {
  loading ??= import('./plain-text.ts').then((module) => (loaded = module.plainTextOpening));
  return loading;
}

/**
 * The opening of an entry's content as plain words for a card or a popup (no `#`, `**` or
 * `[ ]`). Until the parser's chunk has arrived (once per visit) the content shows as written.
 */
export function usePlainText(source: string): string {
  const [opening, setOpening] = useState<PlainTextOpening | null>(() => loaded);
  useEffect(() => {
    if (opening) return;
    let live = true;
    void load().then((fn) => live && setOpening(() => fn));
    return () => {
      live = false;
    };
  }, [opening]);
  return useMemo(() => (opening ? opening(source, OPENING_CHARS) : source), [opening, source]);
}
