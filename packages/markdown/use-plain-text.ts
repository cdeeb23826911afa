import { useEffect, useState } from 'react';

type ToPlainText = (source: string) => string;
let loaded: ToPlainText | null = null;
let loading: Promise<ToPlainText> | null = null;

// The parser is a chunk of its own in each remote that shows entries (journals' cards, the
// calendar's entries), fetched once, by the first one on screen; the remote's first chunk is
// only this hook.
function load(): Promise<ToPlainText> {
  loading ??= import('./plain-text.ts').then((module) => (loaded = module.toPlainText));
  return loading;
}

/**
 * An entry's content as plain words for a card or a popup (no `#`, `**` or `[ ]`). Until the parser's chunk
 * has arrived (once per visit) the content shows as written.
 */
export function usePlainText(source: string): string {
  const [toPlainText, setToPlainText] = useState<ToPlainText | null>(() => loaded);
  useEffect(() => {
    if (toPlainText) return;
    let live = true;
    void load().then((fn) => live && setToPlainText(() => fn));
    return () => {
      live = false;
    };
  }, [toPlainText]);
  return toPlainText ? toPlainText(source) : source;
}
