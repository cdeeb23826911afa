import { useId, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { SubmitButton } from '@dayframe/web-kit';

/**
 * One group of settings: its name and a line on what it does beside (or, on a phone, above) a
 * card holding the controls.
 */
export function SettingsSection({
  title,
  description,
  icon: SectionIcon,
  danger = false,
  id,
  children,
}: {
  /** The anchor a link can jump to (`/settings#sign-in-and-security`). */
  id?: string;
  title: string;
  description: ReactNode;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="grid scroll-mt-20 gap-4 border-t border-base-300/70 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10"
    >
      <div>
        <div className="flex items-center gap-3">
          <span
            className={`grid size-10 shrink-0 place-items-center rounded-box ${
              danger ? 'bg-error/10 text-error' : 'bg-primary/10 text-primary'
            }`}
          >
            <SectionIcon className="size-5" />
          </span>
          <h2 id={headingId} className={`text-lg font-semibold ${danger ? 'text-error' : ''}`}>
            {title}
          </h2>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-base-content/70">{description}</p>
      </div>
      <div
        className={`card border bg-base-100 shadow-sm ${
          danger ? 'border-error/40' : 'border-base-300/70'
        }`}
      >
        <div className="card-body gap-0 p-5 sm:p-6">{children}</div>
      </div>
    </section>
  );
}

/** A settings form's main button, at the end of its card (full width on a phone). */
export function SettingsSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end pt-1">
      <SubmitButton busy={busy} className="w-full sm:w-auto">
        {children}
      </SubmitButton>
    </div>
  );
}
