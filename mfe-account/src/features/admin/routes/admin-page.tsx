import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminUsersSummary, User } from '@dayframe/contracts';
import { ADMIN_MESSAGES, SECOND_FACTOR_REQUIRED } from '@dayframe/contracts';
import {
  ConfirmDialog,
  ErrorCircleIcon,
  isApiError,
  Link,
  RefreshIcon,
  SearchIcon,
  Spinner,
  TrashIcon,
  toast,
  useDocumentTitle,
  useLoad,
  useSession,
  useSubmit,
  PageHeader,
} from '@dayframe/web-kit';
import { deleteAllUsers, deleteUser, listUsers, usersSummary } from '../api/admin-calls.ts';
import { ADMIN_TEXT, adminErrorMessage } from '../messages.ts';
import { AccessDenied } from '../components/access-denied.tsx';
import { DeleteAllDialog } from '../components/delete-all-dialog.tsx';
import { Pagination } from '../components/pagination.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { PAGE_SIZE, SEARCH_DELAY_MS, pageCount, type ListedUser } from '../users-view.ts';

/** Spec §2 `/admin`: the users table for admins, Access Denied for everyone else. */
export function AdminPage() {
  useDocumentTitle('Admin Panel');
  const { user } = useSession();
  if (user?.role !== 'admin') return <AccessDenied />;
  return <UsersAdmin me={user} />;
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-box border border-base-300/70 bg-base-100 px-4 py-3 shadow-sm sm:px-5 sm:py-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums tracking-tight">{value}</dd>
    </div>
  );
}

/**
 * The page of users on screen: its number, rows, how many match the search, and the next page's
 * path. The page asked for becomes the page shown only when its rows arrive, so the page number
 * and the rows never disagree.
 */
type ShownPage = { page: number; rows: ListedUser[]; total: number; next: string | null };

function UsersAdmin({ me }: { me: User }) {
  const [query, setQuery] = useState('');
  // The search the server was asked for: the box's words once typing pauses.
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The path of each page reached so far ([0] is the first page): the server pages by cursor,
  // so Prev goes back through the links already followed, Next follows the last one.
  const pagePaths = useRef<(string | null)[]>([null]);
  const [toDelete, setToDelete] = useState<ListedUser | null>(null);
  const { busy: deleting, submit: submitDelete } = useSubmit();
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  const { busy: deletingAll, submit: submitDeleteAll } = useSubmit();
  const listRef = useRef<HTMLElement>(null);

  // The page on screen stays while the next one (or a search) loads: Prev and Next do not blink.
  const list = useLoad<ShownPage>(
    async (signal) => {
      const answer = await listUsers(search, pagePaths.current[page - 1] ?? null, signal);
      pagePaths.current[page] = answer.next;
      const total = answer.total ?? answer.items.length;
      return { page, rows: answer.items, total, next: answer.next };
    },
    [search, page],
    {
      keepPrevious: true,
      onError: (error) => toast.error(adminErrorMessage(error, ADMIN_TEXT.loadFailed)),
    },
  );
  // The figures cover every account whatever the page or search; they change with deletions.
  // A failure says nothing of its own: the list's failure is what gets said, the figures stay
  // as dashes.
  const figures = useLoad((signal) => usersSummary(signal), []);
  const summary: AdminUsersSummary | null =
    figures.state.status === 'ready' ? figures.state.data : null;

  // The last rows of a later page were deleted: show the page before it.
  const answered = list.state.status === 'ready' ? list.state.data : null;
  const emptyLaterPage = answered !== null && answered.rows.length === 0 && answered.page > 1;
  useEffect(() => {
    if (emptyLaterPage) setPage(answered.page - 1);
  }, [emptyLaterPage, answered]);
  const shown = emptyLaterPage ? null : answered;
  const loading = list.pending;
  const loadError =
    list.state.status === 'error'
      ? adminErrorMessage(list.state.error, ADMIN_TEXT.loadFailed)
      : null;
  // REQUIRE_ADMIN_2FA: trying again cannot help; setting up a second factor can.
  const needsSecondFactor =
    list.state.status === 'error' &&
    isApiError(list.state.error, 403) &&
    list.state.error.code === SECOND_FACTOR_REQUIRED;

  function turnTo(next: number) {
    setPage(next);
    // Prev and Next sit under the list: on a phone the new page would otherwise open at its end.
    const section = listRef.current;
    if (section && section.getBoundingClientRect().top < 0) {
      section.scrollIntoView?.({ block: 'start' });
    }
  }

  /** A new search starts from its first page. */
  const searchFor = useCallback((words: string) => {
    pagePaths.current = [null];
    setSearch(words);
    setPage(1);
  }, []);

  useEffect(() => {
    const words = query.trim();
    if (words === search) return;
    const timer = setTimeout(() => searchFor(words), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, search, searchFor]);

  /** Refresh, Try again and every deletion: the page shown and the figures, from the server. */
  const { retry: retryList } = list;
  const { retry: retryFigures } = figures;
  const reload = useCallback(() => {
    retryList();
    retryFigures();
  }, [retryList, retryFigures]);

  const shownPage = shown?.page ?? 1;
  const pages = pageCount(shown?.total ?? 0);
  const canGoOn = shownPage < pages && pagePaths.current[shownPage] != null;
  const deletable = summary ? summary.users - summary.admins : 0;
  const rows = shown?.rows ?? [];
  const first = rows.length === 0 ? 0 : (shownPage - 1) * PAGE_SIZE + 1;
  const last = first === 0 ? 0 : first + rows.length - 1;

  function confirmDelete() {
    if (!toDelete) return;
    const user = toDelete;
    void submitDelete(() => deleteUser(user._id), {
      success: ADMIN_MESSAGES.userDeleted,
      failure: (error) => adminErrorMessage(error, ADMIN_TEXT.deleteFailed),
      onError: () => setToDelete(null),
      onSuccess: () => {
        setToDelete(null);
        reload();
      },
    });
  }

  function confirmDeleteAll() {
    void submitDeleteAll(deleteAllUsers, {
      success: (answer) => answer.message,
      failure: (error) => adminErrorMessage(error, ADMIN_TEXT.deleteAllFailed),
      onError: () => setDeleteAllOpen(false),
      onSuccess: () => {
        setDeleteAllOpen(false);
        pagePaths.current = [null];
        setPage(1);
        reload();
      },
    });
  }

  const matching = shown?.total ?? 0;
  const total = summary?.users ?? matching;
  const noun = (n: number) => (n === 1 ? 'user' : 'users');
  const countText = !shown
    ? '\u00a0'
    : matching === 0
      ? search
        ? `0 of ${total} ${noun(total)}`
        : '0 users'
      : `Showing ${first}–${last} of ${matching} ${noun(matching)}${
          search ? ` (${total} in all)` : ''
        }`;
  return (
    <div>
      <PageHeader
        title="Admin Panel"
        subtitle="Everyone with a Dayframe account."
        actions={
          <>
            <button
              type="button"
              className="btn btn-outline btn-sm sm:btn-md"
              onClick={reload}
              disabled={loading}
            >
              <RefreshIcon className={`size-4 ${loading ? 'animate-spin' : ''}`} />
              Refresh
            </button>
            <button
              type="button"
              className="btn btn-error btn-sm sm:btn-md"
              onClick={() => setDeleteAllOpen(true)}
              disabled={!summary || deletable === 0}
              title={
                summary && deletable === 0 ? 'There are no user accounts to delete' : undefined
              }
            >
              <TrashIcon className="size-4" />
              Delete All
            </button>
          </>
        }
      />

      <dl className="mt-6 grid grid-cols-3 gap-3 sm:gap-4">
        <Stat label="Users" value={summary ? summary.users : '–'} />
        <Stat label="Verified" value={summary ? summary.verified : '–'} />
        <Stat label="Admins" value={summary ? summary.admins : '–'} />
      </dl>

      <section
        ref={listRef}
        aria-label="Users"
        className="mt-6 scroll-mt-20 overflow-hidden rounded-box border border-base-300/70 bg-base-100 shadow-sm"
      >
        <div className="flex flex-col gap-3 border-b border-base-300/70 p-4 sm:flex-row sm:items-center sm:justify-between">
          <label className="input w-full sm:max-w-sm">
            <SearchIcon className="size-4 opacity-60" />
            <span className="sr-only">Search users</span>
            <input
              type="search"
              placeholder="Search name, email or role"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
        </div>

        {!shown && loading ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading users…" />
          </div>
        ) : !shown && loadError ? (
          <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <ErrorCircleIcon className="size-10 text-error" />
            <p className="font-medium">{loadError}</p>
            {needsSecondFactor ? (
              <Link to="/settings#sign-in-and-security" className="btn btn-sm btn-primary">
                Set up a second factor
              </Link>
            ) : (
              <button type="button" className="btn btn-sm btn-primary" onClick={reload}>
                Try again
              </button>
            )}
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
            <SearchIcon className="size-10 text-base-content/30" />
            <p className="text-lg font-semibold">No users found</p>
            {search ? (
              <>
                <p className="text-sm text-base-content/70">
                  Nobody matches &ldquo;{search}&rdquo;.
                </p>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm mt-1"
                  onClick={() => {
                    setQuery('');
                    searchFor('');
                  }}
                >
                  Clear search
                </button>
              </>
            ) : null}
          </div>
        ) : (
          <UsersTable users={rows} myId={me._id} onDelete={setToDelete} />
        )}

        {/* The paging line comes with the first page: under the spinner it would move up by
            the difference once the rows replace it (a layout shift). */}
        {!shown && loading ? null : (
          <div className="flex flex-col items-center justify-between gap-2 border-t border-base-300/70 px-4 py-3 sm:flex-row">
            <p className="text-sm text-base-content/70" aria-live="polite">
              {countText}
            </p>
            <Pagination page={shownPage} pages={pages} canGoOn={canGoOn} onPage={turnTo} />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user?"
        danger
        busy={deleting}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        This will permanently remove{' '}
        <strong className="break-words text-base-content">{toDelete?.email}</strong>
      </ConfirmDialog>
      <DeleteAllDialog
        open={deleteAllOpen}
        count={deletable}
        busy={deletingAll}
        onConfirm={() => void confirmDeleteAll()}
        onCancel={() => setDeleteAllOpen(false)}
      />
    </div>
  );
}
