import { TrashIcon } from '@dayframe/web-kit';
import { roleOf, type ListedUser } from '../users-view.ts';

/** Why the server would refuse to delete `user` for this admin, or null when it would not. */
export function protectedReason(user: ListedUser, myId: string | undefined): string | null {
  if (user._id === myId) return 'This is you. Delete your own account from Settings.';
  if (roleOf(user) === 'admin') return "Admin accounts can't be deleted here.";
  return null;
}

/**
 * A row's delete button. For accounts the server protects it stays focusable but inert, with
 * the reason in a tooltip and in its accessible name.
 */
export function DeleteUserButton({
  user,
  myId,
  onDelete,
}: {
  user: ListedUser;
  myId: string | undefined;
  onDelete: (user: ListedUser) => void;
}) {
  const reason = protectedReason(user, myId);
  if (reason) {
    return (
      <span className="tooltip tooltip-left" data-tip={reason}>
        <button
          type="button"
          aria-disabled="true"
          aria-label={`Delete ${user.email} (${reason})`}
          className="btn btn-ghost btn-sm btn-square cursor-not-allowed text-base-content/25 hover:bg-transparent"
          onClick={(e) => e.preventDefault()}
        >
          <TrashIcon className="size-4" />
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={`Delete ${user.email}`}
      title="Delete user"
      className="btn btn-ghost btn-sm btn-square text-error hover:bg-error/10"
      onClick={() => onDelete(user)}
    >
      <TrashIcon className="size-4" />
    </button>
  );
}
