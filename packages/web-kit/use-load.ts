import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** What a screen shows for data it loads: a spinner, the data, or the failure with Try again. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export type LoadOptions = {
  /** Runs once per failed load (never for an aborted one): the place for the toast. */
  onError?: (error: unknown) => void;
  /**
   * New `deps` keep showing the data already there until their answer arrives (the next page of
   * a table, a new search), instead of showing loading at once.
   */
  keepPrevious?: boolean;
};

export type Load<T> = {
  state: Loaded<T>;
  /** True while a load is under way, also one that keeps showing the previous data. */
  pending: boolean;
  /**
   * Loads again with the same `deps`: the error state's Try again, or a refresh after a change.
   * Data already shown stays until the new answer; after an error it shows loading.
   */
  retry: () => void;
  /** Shows data the screen already has (a save's answer), or changes what is shown. */
  setData: (data: T | ((shown: T) => T)) => void;
  /**
   * The signal of the load now on screen, aborted when a newer one starts or the screen goes:
   * work that belongs to the data shown (a further page) passes it so it is dropped with it.
   */
  currentSignal: () => AbortSignal;
};

/**
 * The one way a screen loads data. Runs `load` when `deps` change and on `retry()`, with an
 * AbortSignal that is aborted when newer `deps` (or a retry) replace the load and when the screen
 * unmounts: the request is cancelled and its answer, should it still arrive, changes nothing, so
 * a slow reply never overwrites a fresh one.
 *
 * @example
 * const { state, retry } = useLoad((signal) => getJournal(id, signal), [id], {
 *   onError: () => toast.error(JOURNALS_TEXT.loadFailed),
 * });
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: LoadOptions = {},
): Load<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [pending, setPending] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(attempt);
  const controller = useRef(new AbortController());
  // The latest closures and options, so the effect below runs for `deps` and retries alone.
  const latest = useRef({ load, options });
  latest.current = { load, options };

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    const isRetry = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    const keep = isRetry || latest.current.options.keepPrevious === true;
    setPending(true);
    setState((shown) =>
      shown.status === 'loading' || (keep && shown.status === 'ready')
        ? shown
        : { status: 'loading' },
    );
    latest.current.load(current.signal).then(
      (data) => {
        if (current.signal.aborted) return;
        setState({ status: 'ready', data });
        setPending(false);
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        setState({ status: 'error', error });
        setPending(false);
        latest.current.options.onError?.(error);
      },
    );
    return () => current.abort();
    // `deps` are the caller's; `attempt` adds the retries.
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T | ((shown: T) => T)) => {
    setState((shown) => {
      if (typeof data !== 'function') return { status: 'ready', data };
      return shown.status === 'ready'
        ? { status: 'ready', data: (data as (shown: T) => T)(shown.data) }
        : shown;
    });
  }, []);
  const currentSignal = useCallback(() => controller.current.signal, []);
  return { state, pending, retry, setData, currentSignal };
}
