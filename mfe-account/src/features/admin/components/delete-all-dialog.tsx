import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@dayframe/web-kit';

/** What the admin must type before Delete All goes ahead. */
export const DELETE_ALL_WORD = 'DELETE';

/**
 * Delete All's confirmation: the admin types DELETE first, so one stray click or Enter cannot
 * remove every account. The kit's ConfirmDialog, like every confirmation, with the word as its
 * field: it takes focus, Escape cancels (not while deleting), and focus returns to the opener.
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
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  return (
    <ConfirmDialog
      open={open}
      title="Delete all users?"
      danger
      busy={busy}
      confirmLabel="Delete All"
      confirmDisabled={typed !== DELETE_ALL_WORD}
      initialFocus={inputRef}
      onConfirm={onConfirm}
      onCancel={onCancel}
      field={
        <>
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
        </>
      }
    >
      This will permanently remove{' '}
      <strong className="text-base-content">
        {count} {count === 1 ? 'account' : 'accounts'}
      </strong>{' '}
      and their journals, entries and goals. Admin accounts are kept.
    </ConfirmDialog>
  );
}
