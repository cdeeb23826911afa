import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '@dayframe/contracts';
import { ADMIN_MESSAGES } from '@dayframe/contracts';
import {
  ConfirmDialog,
  ErrorCircleIcon,
  Spinner,
  TrashIcon,
  toast,
  useDocumentTitle,
  useSession,
} from '@dayframe/web-kit';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  ADMIN_UI_MESSAGES,
  adminErrorMessage,
  deleteAllUsers,
  deleteUser,
  listUsers,
} from '../api/admin-calls.ts';
import { AccessDenied } from '../components/access-denied.tsx';
import { DeleteAllDialog } from '../components/delete-all-dialog.tsx';
import { Pagination } from '../components/pagination.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { PAGE_SIZE, pageOf, roleOf, searchUsers, type ListedUser } from '../users-view.ts';

/** Spec §2 `/admin`: the users table for admins, Access Denied for everyone else. */
export function AdminPage() {
  useDocumentTitle('Admin Panel');
  const { user } = useSession();
  if (user?.role !== 'admin') return <AccessDenied />;
  return <UsersAdmin me={user} />;
}

function RefreshIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
    </svg>
  );
}

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4.2-4.2" />
    </svg>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-box border border-base-300/70 bg-base-100 px-4 py-3 shadow-sm sm:px-5 sm:py-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums tracking-tight">{value}</dd>
    </div>
  );
}

function UsersAdmin({ me }: { me: User }) {
  const [users, setUsers] = useState<ListedUser[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<ListedUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  const [deletingAll, setDeletingAll] = useState(false);
  const listRef = useRef<HTMLElement>(null);

  function turnTo(next: number) {
    setPage(next);
    // Prev and Next sit under the list: on a phone the new page would otherwise open at its end.
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView?.({ block: 'start' });
  }

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setUsers(await listUsers());
      setLoadError(null);
    } catch (error) {
      const message = adminErrorMessage(error, ADMIN_UI_MESSAGES.loadFailed);
      setLoadError(message);
      toast.error(message);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const matching = useMemo(() => searchUsers(users ?? [], query), [users, query]);
  const view = pageOf(matching, page);
  const deletable = (users ?? []).filter((u) => roleOf(u) !== 'admin' && u._id !== me._id).length;
  const first = matching.length === 0 ? 0 : (view.page - 1) * PAGE_SIZE + 1;
  const last = (view.page - 1) * PAGE_SIZE + view.rows.length;

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteUser(toDelete._id);
      const goneId = toDelete._id;
      setUsers((list) => (list ?? []).filter((u) => u._id !== goneId));
      toast.success(ADMIN_MESSAGES.userDeleted);
      setToDelete(null);
    } catch (error) {
      toast.error(adminErrorMessage(error, ADMIN_UI_MESSAGES.deleteFailed));
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  }

  async function confirmDeleteAll() {
    setDeletingAll(true);
    try {
      const answer = await deleteAllUsers();
      toast.success(answer.message);
      setDeleteAllOpen(false);
      setPage(1);
      await load();
    } catch (error) {
      toast.error(adminErrorMessage(error, ADMIN_UI_MESSAGES.deleteAllFailed));
      setDeleteAllOpen(false);
    } finally {
      setDeletingAll(false);
    }
  }

  const total = users?.length ?? 0;
  const noun = (n: number) => (n === 1 ? 'user' : 'users');
  const countText = !users
    ? '\u00a0'
    : matching.length === 0
      ? query.trim()
        ? `0 of ${total} ${noun(total)}`
        : '0 users'
      : `Showing ${first}–${last} of ${matching.length} ${noun(matching.length)}${
          query.trim() ? ` (${total} in all)` : ''
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
              onClick={() => void load()}
              disabled={loading}
            >
              <RefreshIcon className={`size-4 ${loading ? 'animate-spin' : ''}`} />
              Refresh
            </button>
            <button
              type="button"
              className="btn btn-error btn-sm sm:btn-md"
              onClick={() => setDeleteAllOpen(true)}
              disabled={!users || deletable === 0}
              title={users && deletable === 0 ? 'There are no user accounts to delete' : undefined}
            >
              <TrashIcon className="size-4" />
              Delete All
            </button>
          </>
        }
      />

      <dl className="mt-6 grid grid-cols-3 gap-3 sm:gap-4">
        <Stat label="Users" value={users ? total : '–'} />
        <Stat label="Verified" value={users ? users.filter((u) => u.verified).length : '–'} />
        <Stat
          label="Admins"
          value={users ? users.filter((u) => roleOf(u) === 'admin').length : '–'}
        />
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
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(1);
              }}
            />
          </label>
        </div>

        {!users && loading ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading users…" />
          </div>
        ) : !users && loadError ? (
          <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <ErrorCircleIcon className="size-10 text-error" />
            <p className="font-medium">{loadError}</p>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : matching.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
            <SearchIcon className="size-10 text-base-content/30" />
            <p className="text-lg font-semibold">No users found</p>
            {query.trim() ? (
              <>
                <p className="text-sm text-base-content/70">
                  Nobody matches &ldquo;{query.trim()}&rdquo;.
                </p>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm mt-1"
                  onClick={() => {
                    setQuery('');
                    setPage(1);
                  }}
                >
                  Clear search
                </button>
              </>
            ) : null}
          </div>
        ) : (
          <UsersTable users={view.rows} myId={me._id} onDelete={setToDelete} />
        )}

        <div className="flex flex-col items-center justify-between gap-2 border-t border-base-300/70 px-4 py-3 sm:flex-row">
          <p className="text-sm text-base-content/70" aria-live="polite">
            {countText}
          </p>
          <Pagination page={view.page} pages={view.pages} onPage={turnTo} />
        </div>
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
