import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { SubmitButton } from './submit-button.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** Extra explanation under the title. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question (an `alertdialog` on the kit's {@link Dialog}). Cancel comes first, so it is
 * what Enter presses if focus has not moved; Escape cancels unless the answer is being saved.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={children ? bodyId : undefined}
      locked={busy}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children ? (
        <div id={bodyId} className="mt-2 text-base-content/70">
          {children}
        </div>
      ) : null}
      <form
        className="modal-action"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <SubmitButton busy={busy} danger={danger}>
          {confirmLabel}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
