import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs `load` when `deps` change and again on `reload()`. A load that a newer one replaced (or
 * an unmount) is aborted and its answer ignored, so a slow reply never overwrites a fresh one.
 * `reload()` keeps what is shown until the new answer arrives; new `deps` show loading at once.
 * `onError` runs once per failed load (for the toast).
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  onError?: (error: unknown) => void,
): { state: Loaded<T>; reload: () => void; setData: (data: T) => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(attempt);
  // The latest closures, so the effect below depends on `deps` alone.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  useEffect(() => {
    const controller = new AbortController();
    const isReload = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    if (!isReload) setState({ status: 'loading' });
    latest.current.load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error });
        latest.current.onError?.(error);
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, reload, setData };
}
