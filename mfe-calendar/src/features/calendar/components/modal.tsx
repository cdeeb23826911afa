import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it, Tab stays inside, Escape and the backdrop close it, and
 * focus goes back to `returnFocus` (what opened it) when it closes. Stacked modals each handle
 * their own keys, so Escape closes only the top one.
 */
export function Modal({
  labelledBy,
  onClose,
  returnFocus,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  returnFocus: HTMLElement | null;
  children: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const returnRef = useRef(returnFocus);

  useEffect(() => {
    boxRef.current?.focus();
    const opener = returnRef.current;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = Array.from(boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === boxRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal modal-open modal-bottom sm:modal-middle" onKeyDown={onKeyDown}>
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className="modal-box max-h-[85vh] outline-none sm:max-w-lg"
      >
        {children}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>
  );
}
