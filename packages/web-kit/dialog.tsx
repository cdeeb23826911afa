import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export type DialogProps = {
  open: boolean;
  /** Escape, a click on the backdrop, or the browser closing it: the page should set `open` false. */
  onClose: () => void;
  /** The id of the dialog's heading (or give `label`). */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** `alertdialog` for a question that needs an answer (confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** While true (a request is under way) Escape and the backdrop leave it open. */
  locked?: boolean;
  /** Where focus goes when it closes; by default whatever had focus when it opened. */
  returnFocus?: HTMLElement | null;
  /** What takes focus when it opens; by default the browser's choice (the first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Classes of the `<dialog>` (daisyUI `modal` placement). */
  className?: string;
  /** Classes of the box inside it. */
  boxClassName?: string;
  children: ReactNode;
};

/**
 * The one modal of every screen: a native `<dialog>` opened with `showModal()`, so the browser
 * makes the page behind inert (Tab never reaches it), and turns Escape into `cancel` on the
 * top-most dialog only (stacked dialogs just work). Nothing here traps keys: a click on the dialog's text
 * leaves focus inside the dialog, where the browser still handles Escape and Tab. Focus goes back
 * to the opener when it closes, also when the page unmounts it instead of setting `open` false.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  label,
  describedBy,
  role = 'dialog',
  locked = false,
  returnFocus,
  initialFocus,
  className = 'modal-bottom sm:modal-middle',
  boxClassName = '',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The event handlers below read the latest props without re-running the open effect.
  const latest = useRef({ onClose, locked, returnFocus, initialFocus });
  latest.current = { onClose, locked, returnFocus, initialFocus };

  // A layout effect, so that on unmount the dialog closes while it is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    latest.current.initialFocus?.current?.focus();
    return () => {
      dialog.close();
      const back = latest.current.returnFocus ?? opener;
      // After the commit: React puts focus back on what had it before the commit (the dialog
      // itself, after a click on its text), which would undo a focus() made here.
      queueMicrotask(() => {
        // An opener removed meanwhile (the row just deleted) cannot take focus back; the page decides.
        if (back?.isConnected) back.focus();
      });
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      className={`modal ${className}`}
      onCancel={(event) => {
        // Escape. Closing goes through the page's state, so the page always knows.
        event.preventDefault();
        if (!latest.current.locked) latest.current.onClose();
      }}
      onClose={() => {
        // The browser may close it anyway (a second Escape without a click in between cannot
        // be refused); bring it back while locked, otherwise tell the page.
        if (!open) return;
        if (latest.current.locked && ref.current) ref.current.showModal();
        else latest.current.onClose();
      }}
      onClick={(event) => {
        // Outside the box the click lands on the <dialog> itself: the backdrop.
        if (event.target === event.currentTarget && !latest.current.locked) {
          latest.current.onClose();
        }
      }}
    >
      {open ? <div className={`modal-box ${boxClassName}`}>{children}</div> : null}
    </dialog>
  );
}
