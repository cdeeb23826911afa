import type { ReactNode } from 'react';

/**
 * A form's main button: it submits, and while `busy` it spins and cannot be pressed twice.
 * `danger` for an answer that destroys something (Delete, Delete All).
 */
export function SubmitButton({
  busy,
  disabled = false,
  danger = false,
  children,
  className = '',
}: {
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn ${danger ? 'btn-error' : 'btn-primary'} ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
