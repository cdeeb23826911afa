import { useCallback, useRef, type DependencyList } from 'react';
import { useLoad, type ApiPage } from '@dayframe/web-kit';

/** What is shown of a server-paged list once its first page is in. */
type Shown<T> = {
  items: T[];
  /** Where the next page is; null once everything is shown. */
  next: string | null;
  /** The state of the page being added below the list. */
  more: 'idle' | 'loading' | 'error';
};

export type PagedList<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | ({ status: 'ready' } & Shown<T>);

/**
 * A server-paged list on web-kit's `useLoad`: the first page loads (and aborts) as any load does
 * when `deps` change and on `retry()`; `loadMore()` appends the next page. A further page
 * belongs to the list it was asked for: it shares that load's signal, so a newer first page (or
 * leaving the screen) cancels it and a slow answer never lands in a fresh list. `onError` runs
 * once per failed load, with `more` true for a further page.
 */
export function usePagedList<T>(
  loadPage: (next: string | null, signal: AbortSignal) => Promise<ApiPage<T>>,
  deps: DependencyList,
  onError?: (error: unknown, more: boolean) => void,
): { state: PagedList<T>; loadMore: () => void; retry: () => void } {
  const latest = useRef({ loadPage, onError });
  latest.current = { loadPage, onError };
  const list = useLoad<Shown<T>>(
    async (signal) => {
      const page = await latest.current.loadPage(null, signal);
      return { items: page.items, next: page.next, more: 'idle' };
    },
    deps,
    { onError: (error) => latest.current.onError?.(error, false) },
  );
  const state: PagedList<T> =
    list.state.status === 'ready' ? { status: 'ready', ...list.state.data } : list.state;
  // What is shown, read by loadMore; marked at once (not only in React's next render) so a
  // second trigger while a page is on its way is ignored.
  const shown = useRef(state);
  shown.current = state;
  const { setData, currentSignal } = list;

  const loadMore = useCallback(() => {
    const now = shown.current;
    if (now.status !== 'ready' || now.next === null || now.more === 'loading') return;
    const signal = currentSignal();
    const update = (change: (data: Shown<T>) => Shown<T>) => {
      if (!signal.aborted) setData(change);
    };
    shown.current = { ...now, more: 'loading' };
    update((data) => ({ ...data, more: 'loading' }));
    latest.current.loadPage(now.next, signal).then(
      (page) =>
        update((data) => ({
          items: [...data.items, ...page.items],
          next: page.next,
          more: 'idle',
        })),
      (error: unknown) => {
        if (signal.aborted) return;
        update((data) => ({ ...data, more: 'error' }));
        latest.current.onError?.(error, true);
      },
    );
  }, [setData, currentSignal]);

  return { state, loadMore, retry: list.retry };
}
