import { useId, type ReactNode, type RefObject } from 'react';
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
  /**
   * A field the answer needs (Delete All's typed word), between the explanation and the
   * buttons; while `confirmDisabled` the confirm button and Enter do nothing.
   */
  field?: ReactNode;
  confirmDisabled?: boolean;
  /** What takes focus on opening (the field); otherwise the dialog's first button. */
  initialFocus?: RefObject<HTMLElement | null>;
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
  field,
  confirmDisabled = false,
  initialFocus,
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
      initialFocus={initialFocus}
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
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !confirmDisabled) onConfirm();
        }}
      >
        {field}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <SubmitButton busy={busy} disabled={confirmDisabled} danger={danger}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
