import { Link } from '@dayframe/web-kit';

/** The Dayframe mark: a calendar frame with the day's sun. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <rect
        x="8"
        y="9"
        width="16"
        height="15"
        rx="2.5"
        fill="none"
        strokeWidth="2.2"
        className="stroke-primary-content"
      />
      <path
        d="M8 13.5h16M12.5 6.5v4M19.5 6.5v4"
        strokeWidth="2.2"
        strokeLinecap="round"
        className="stroke-primary-content"
      />
      <circle cx="16" cy="18.5" r="2" className="fill-warning" />
    </svg>
  );
}

/** The brand link to `/`. */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2.5 rounded-field text-lg font-bold tracking-tight ${className}`}
    >
      <LogoMark />
      <span>Dayframe</span>
    </Link>
  );
}
