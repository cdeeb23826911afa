import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog, SubmitButton } from '@dayframe/web-kit';

/** What the admin must type before Delete All goes ahead. */
export const DELETE_ALL_WORD = 'DELETE';

/**
 * Delete All's confirmation: the admin types DELETE first, so one stray click or Enter cannot
 * remove every account. On the kit's Dialog, like every confirmation: the word field takes
 * focus, Escape cancels (not while deleting), and focus returns to the opener.
 */
export function DeleteAllDialog({
  open,
  count,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** How many accounts will go. */
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const ready = typed === DELETE_ALL_WORD;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ready && !busy) onConfirm();
  }

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={bodyId}
      locked={busy}
      initialFocus={inputRef}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="text-lg font-semibold">
          Delete all users?
        </h2>
        <p id={bodyId} className="mt-2 text-base-content/70">
          This will permanently remove{' '}
          <strong className="text-base-content">
            {count} {count === 1 ? 'account' : 'accounts'}
          </strong>{' '}
          and their journals, entries and goals. Admin accounts are kept.
        </p>
        <label htmlFor={inputId} className="mt-5 mb-1.5 block text-sm font-medium">
          Type <span className="font-mono font-semibold text-error">{DELETE_ALL_WORD}</span> to
          confirm
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="input w-full font-mono"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          disabled={busy}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <SubmitButton busy={busy} disabled={!ready} danger>
            Delete All
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
