import { ArrowLeftIcon, ArrowRightIcon } from '@dayframe/web-kit';

/** Spec §2: Prev and Next with 'Page X of Y'. */
export function Pagination({
  page,
  pages,
  canGoOn = page < pages,
  onPage,
}: {
  page: number;
  pages: number;
  /** Whether the next page can be reached yet (the server's link to it is known). */
  canGoOn?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2">
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        <ArrowLeftIcon className="size-4" />
        Prev
      </button>
      <span className="min-w-24 text-center text-sm tabular-nums text-base-content/80">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={() => onPage(page + 1)}
        disabled={!canGoOn}
      >
        Next
        <ArrowRightIcon className="size-4" />
      </button>
    </nav>
  );
}
