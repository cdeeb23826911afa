import { useEffect, useState } from 'react';

type Settled<T> = { key: string; module?: T; failed?: true; error?: unknown };

/**
 * The module `load` gives, once it is in: `loaded` if it already is, `undefined` while it
 * loads (the caller shows its spinner). A failed load is thrown while rendering, for the
 * nearest error boundary, until `key` changes (a retry).
 *
 * Why not `React.lazy` and `<Suspense>`: React holds back revealing a suspended boundary until
 * about 300 ms after the last fallback showed. On a signed-in first load the guard, the layout
 * and the remote's routes each arrive inside that window, so the first screen waited for the
 * hold rather than for its code (a trace at 4× CPU: routes in at 0.75 s, shown at 0.85 s).
 * A state update here renders as soon as the module is in.
 */
export function useModule<T>(
  loaded: T | undefined,
  load: () => Promise<T>,
  key: string,
): T | undefined {
  const [settled, setSettled] = useState<Settled<T> | undefined>(undefined);
  const waiting = loaded === undefined && settled?.key !== key;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    load().then(
      (module) => live && setSettled({ key, module }),
      (error: unknown) => live && setSettled({ key, failed: true, error }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure on every render; `key` names what it loads.
  }, [key, waiting]);
  if (loaded !== undefined) return loaded;
  if (settled?.key !== key) return undefined;
  if (settled.failed) throw settled.error;
  return settled.module;
}
