import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

/** What the admin must type before Delete All goes ahead. */
export const DELETE_ALL_WORD = 'DELETE';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Delete All's confirmation: the admin types DELETE first, so one stray click or Enter cannot
 * remove every account. Keyboard behaviour matches web-kit's ConfirmDialog: focus moves in,
 * Tab stays inside, Escape cancels, and focus returns to the opener.
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
  const boxRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (!open) return;
    setTyped('');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => opener?.focus();
  }, [open]);

  if (!open) return null;
  const ready = typed === DELETE_ALL_WORD;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = Array.from(boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ready && !busy) onConfirm();
  }

  return (
    <div className="modal modal-open modal-bottom sm:modal-middle" onKeyDown={onKeyDown}>
      <form
        ref={boxRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="modal-box"
        onSubmit={onSubmit}
        noValidate
      >
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
          <button type="submit" className="btn btn-error" disabled={!ready || busy}>
            {busy ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Delete All
          </button>
        </div>
      </form>
      <div className="modal-backdrop" aria-hidden="true" onClick={busy ? undefined : onCancel} />
    </div>
  );
}
