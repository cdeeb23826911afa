import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { ApiPage } from '@dayframe/web-kit';

export type PagedList<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      items: T[];
      /** Where the next page is; null once everything is shown. */
      next: string | null;
      /** The state of the page being added below the list. */
      more: 'idle' | 'loading' | 'error';
    };

/**
 * A server-paged list: loads the first page when `deps` change (and on `reload()`, keeping what
 * is shown until the answer arrives), then appends the next page on `loadMore()`. A page that a
 * newer load replaced is dropped, so a slow answer never lands in a fresh list. `onError` runs
 * once per failed load, with `more` true for a further page.
 */
export function usePagedList<T>(
  loadPage: (next: string | null, signal: AbortSignal) => Promise<ApiPage<T>>,
  deps: DependencyList,
  onError?: (error: unknown, more: boolean) => void,
): { state: PagedList<T>; loadMore: () => void; reload: () => void } {
  const [state, setState] = useState<PagedList<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(attempt);
  const current = useRef(state);
  current.current = state;
  // Aborts whatever is loading for the list as it was: the first page and any further one.
  const generation = useRef(new AbortController());
  const latest = useRef({ loadPage, onError });
  latest.current = { loadPage, onError };

  useEffect(() => {
    const controller = new AbortController();
    generation.current.abort();
    generation.current = controller;
    const isReload = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    if (!isReload) setState({ status: 'loading' });
    latest.current.loadPage(null, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', items: page.items, next: page.next, more: 'idle' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error });
        latest.current.onError?.(error, false);
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  const loadMore = useCallback(() => {
    const shown = current.current;
    if (shown.status !== 'ready' || shown.next === null || shown.more === 'loading') return;
    const controller = generation.current;
    type Ready = Extract<PagedList<T>, { status: 'ready' }>;
    const update = (change: (list: Ready) => PagedList<T>) =>
      setState((list) =>
        list.status === 'ready' && !controller.signal.aborted ? change(list) : list,
      );
    // Marked at once (not only in React's next render) so a second trigger is ignored.
    current.current = { ...shown, more: 'loading' };
    update((list) => ({ ...list, more: 'loading' }));
    latest.current.loadPage(shown.next, controller.signal).then(
      (page) =>
        update((list) => ({
          ...list,
          items: [...list.items, ...page.items],
          next: page.next,
          more: 'idle',
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        update((list) => ({ ...list, more: 'error' }));
        latest.current.onError?.(error, true);
      },
    );
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, loadMore, reload };
}
