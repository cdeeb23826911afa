import { useState } from 'react';
import {
  ConfirmDialog,
  TrashIcon,
  clearCodeState,
  session,
  toast,
  useNavigate,
  useSubmit,
} from '@dayframe/web-kit';
import { deleteAccount } from '../api/account-calls.ts';
import { SETTINGS_TEXT, serverMessage } from '../messages.ts';

/**
 * Spec §2 Danger Zone. After the account is gone the user is logged out and lands on /signup:
 * there is nothing left to log in to, and the menu's Log Out goes there too.
 */
export function DangerZone() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { busy, submit } = useSubmit();

  function onConfirm() {
    void submit(deleteAccount, {
      failure: (error) => serverMessage(error, SETTINGS_TEXT.accountDeleteFailed),
      onError: () => setOpen(false),
      onSuccess: (answer) => {
        // Navigate first: with the session gone the guard would pick /login instead.
        navigate('/signup', { replace: true });
        session.logout();
        clearCodeState();
        toast(answer?.message ?? 'Account deleted');
      },
    });
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">Delete this account</p>
        <p className="mt-1 text-sm text-base-content/70">
          Your journals, entries and goals go with it. This cannot be undone.
        </p>
      </div>
      <button
        type="button"
        className="btn btn-error btn-outline shrink-0"
        onClick={() => setOpen(true)}
      >
        <TrashIcon className="size-4" />
        Delete Account
      </button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        danger
        busy={busy}
        confirmLabel="Delete Account"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        This will permanently remove your account
      </ConfirmDialog>
    </div>
  );
}
