const SIZES = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

/** A spinner announced to screen readers with `label` (pass '' when text nearby says it). */
export function Spinner({
  size = 'md',
  label = 'Loading…',
}: {
  size?: keyof typeof SIZES;
  label?: string;
}) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span className={`loading loading-spinner ${SIZES[size]}`} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A spinner centred in the space a page would take while it loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
