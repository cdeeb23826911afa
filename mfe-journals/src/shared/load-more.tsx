import { useEffect, useRef } from 'react';

/**
 * The end of a paged list: further items load by themselves as it scrolls into view (an
 * IntersectionObserver watching this block), and a real Load more button does the same for
 * keyboards, screen readers and browsers without the observer. After a failure only the button
 * retries, so a broken page is not asked for again and again.
 */
export function LoadMore({
  label,
  loading,
  failed,
  shown,
  onLoadMore,
}: {
  label: string;
  loading: boolean;
  failed: boolean;
  /** How many items are shown: each new page re-arms the observer, in case the end is still in view. */
  shown: number;
  onLoadMore: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const target = end.current;
    if (!target || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [failed, shown]);

  return (
    <div ref={end} data-testid="load-more" className="mt-6 flex justify-center">
      <button
        type="button"
        className="btn btn-outline"
        // Not `disabled`: a disabled button would drop the keyboard focus while the page loads.
        aria-disabled={loading}
        onClick={() => {
          if (!loading) onLoadMore();
        }}
      >
        {loading ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        {loading ? 'Loading…' : label}
      </button>
    </div>
  );
}
