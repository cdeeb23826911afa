import type { ComponentType, ReactNode } from 'react';
import { ErrorCircleIcon, type IconProps } from './icons.tsx';

/** A white, bordered surface: the frame of every form and list on these screens. */
export function Panel({
  children,
  className = '',
  as: Tag = 'div',
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section' | 'form';
}) {
  return (
    <Tag
      className={`rounded-box border border-base-300/70 bg-base-100 p-5 shadow-sm sm:p-8 ${className}`}
    >
      {children}
    </Tag>
  );
}

/** Nothing to show yet, or something went wrong: an icon, a line, a hint and what to do next. */
export function EmptyState({
  icon: StateIcon,
  title,
  text,
  action,
  tone = 'neutral',
  role,
}: {
  icon: ComponentType<IconProps>;
  /** The heading of the state; a list's own empty line can stand alone as `text`. */
  title?: string;
  text?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-14 text-center"
    >
      <span
        className={`grid size-14 place-items-center rounded-full ${
          tone === 'error' ? 'bg-error/10 text-error' : 'bg-primary/10 text-primary'
        }`}
      >
        <StateIcon className="size-7" />
      </span>
      {title ? <h2 className="mt-4 text-lg font-semibold">{title}</h2> : null}
      {text ? (
        <p className={`max-w-sm text-base-content/70 ${title ? 'mt-1' : 'mt-4'}`}>{text}</p>
      ) : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/**
 * What stays on screen where a screen or list failed to load, with Try again. Not an alert: the
 * screen's error toast has already said it in the live region, and an error is said once.
 */
export function ErrorState({
  title,
  text,
  onRetry,
  icon = ErrorCircleIcon,
}: {
  title: string;
  text?: ReactNode;
  onRetry: () => void;
  icon?: ComponentType<IconProps>;
}) {
  return (
    <EmptyState
      tone="error"
      icon={icon}
      title={title}
      text={text}
      action={
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      }
    />
  );
}
