import type { ReactNode } from 'react';

/** A form's primary button; while `busy` it spins and cannot be pressed twice. */
export function SubmitButton({
  busy,
  children,
  className = '',
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
