import type { ReactNode } from 'react';

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
      className={`btn btn-primary w-full ${className}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
