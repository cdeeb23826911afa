import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { ArrowLeftIcon, Link, SubmitButton } from '@dayframe/web-kit';
import { LogoMark } from '../../../components/logo.tsx';
import { adoptEarlyInput, replayHeldSubmit } from '../early-input.ts';

/**
 * The frame of the standalone auth screens: brand, a card, and links under it. Its effect runs
 * once the form inside is hydrated, and gives it what the visitor typed and sent before then.
 */
export function AuthScreen({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (card.current) adoptEarlyInput(card.current);
    // After React has rendered what was adopted: the form's handler reads its state.
    const replay = setTimeout(replayHeldSubmit);
    return () => clearTimeout(replay);
  }, []);
  return (
    <div className="relative flex min-h-screen flex-col items-center justify-center bg-base-200 px-4 py-10">
      <div className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/15 to-transparent" />
      <main className="relative w-full max-w-md">
        <Link
          to="/"
          className="mx-auto mb-6 flex w-fit items-center gap-2.5 rounded-field text-xl font-bold tracking-tight"
        >
          <LogoMark className="size-9" />
          Dayframe
        </Link>
        <div
          ref={card}
          className="rounded-box border border-base-300/70 bg-base-100 p-6 shadow-xl sm:p-8"
        >
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1.5 text-sm text-base-content/70">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm">{footer}</div> : null}
        <div className="mt-4 text-center">
          <Link to="/" className="btn btn-ghost btn-sm gap-1.5 text-base-content/70">
            <ArrowLeftIcon className="size-4" /> Back to Home
          </Link>
        </div>
      </main>
    </div>
  );
}

/**
 * An auth screen's form: its fields, then the full-width main button and any small print.
 * `prerendered` screens post: submitted before the app runs, the password stays out of the URL.
 */
export function AuthForm({
  onSubmit,
  busy,
  submitLabel,
  prerendered = false,
  smallPrint,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  prerendered?: boolean;
  smallPrint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      method={prerendered ? 'post' : undefined}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
    >
      {children}
      <SubmitButton busy={busy} className="w-full">
        {submitLabel}
      </SubmitButton>
      {smallPrint}
    </form>
  );
}

/** The line under the card that offers the other way in ("New to Dayframe? Create an account"). */
export function OtherWayIn({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  return (
    <p className="text-base-content/70">
      {question}{' '}
      <Link to={to} className="link link-primary font-medium">
        {label}
      </Link>
    </p>
  );
}
