import type { ReactNode } from 'react';
import { Link } from './router.ts';
import { ArrowLeftIcon } from './icons.tsx';

/**
 * The top of every signed-in screen: an optional back link, the one `<h1>`, a line under it,
 * and the screen's actions on the right (on their own line when the title would get narrower
 * than 16rem, as on phones).
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8">
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere sm:text-4xl">{title}</h1>
          {subtitle ? (
            <p className="mt-2 text-lg wrap-anywhere text-base-content/70">{subtitle}</p>
          ) : null}
          {children}
        </div>
        {actions ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>
        ) : null}
      </div>
    </header>
  );
}

/** "← All journals": a quiet link back up, above a title or on a not-found screen. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="btn btn-ghost btn-sm -ml-3 mb-3 gap-1.5 text-base-content/70">
      <ArrowLeftIcon className="size-4" /> {children}
    </Link>
  );
}
