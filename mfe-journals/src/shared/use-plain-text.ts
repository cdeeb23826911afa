import { useEffect, useState } from 'react';

type ToPlainText = (source: string) => string;
let loaded: ToPlainText | null = null;
let loading: Promise<ToPlainText> | null = null;

// The parser is a chunk of its own, fetched once by the first card that shows an entry.
function load(): Promise<ToPlainText> {
  loading ??= import('@dayframe/markdown/plain-text').then(
    (module) => (loaded = module.toPlainText),
  );
  return loading;
}

/**
 * An entry's content as plain words for a card (no `#`, `**` or `[ ]`). Until the parser's chunk
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
