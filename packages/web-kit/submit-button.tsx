import type { ReactNode } from 'react';

/** The primary button of a form; shows a spinner and refuses clicks while the form is saving. */
export function SubmitButton({
  busy,
  disabled = false,
  children,
  className = '',
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
