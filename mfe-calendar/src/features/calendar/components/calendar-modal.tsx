import type { ReactNode } from 'react';
import { Dialog } from '@dayframe/web-kit';

/**
 * The calendar's modals (a day's items, one item): opened over the month, closed with Close or
 * Escape back to what opened them; `action` stands beside Close.
 */
export function CalendarModal({
  titleId,
  onClose,
  returnFocus,
  action,
  children,
}: {
  titleId: string;
  onClose: () => void;
  returnFocus: HTMLElement | null;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      labelledBy={titleId}
      onClose={onClose}
      returnFocus={returnFocus}
      boxClassName="max-h-[85vh] sm:max-w-lg"
    >
      {children}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
        {action}
      </div>
    </Dialog>
  );
}
