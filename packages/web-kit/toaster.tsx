import { dismissToast, useToasts, type Toast } from './toast.ts';
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoCircleIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

const ALERT_CLASS: Record<Toast['kind'], string> = {
  blank: '',
  success: 'alert-success',
  error: 'alert-error',
  loading: '',
};

function ToastIcon({ kind }: { kind: Toast['kind'] }) {
  if (kind === 'success') return <CheckCircleIcon className="size-5 shrink-0" />;
  if (kind === 'error') return <ErrorCircleIcon className="size-5 shrink-0" />;
  if (kind === 'loading') return <Spinner size="sm" label="" />;
  return <InfoCircleIcon className="size-5 shrink-0 opacity-70" />;
}

/**
 * Renders the toasts; mount it once, in the shell. The list is the page's one live region: each
 * toast added to it is read once. The toasts inside carry no role of their own, since a `status`
 * or `alert` inside a live region is a second live region and screen readers would read errors
 * twice. Polite, so a toast waits for the sentence being read instead of cutting into it.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div
      className="toast toast-top toast-center z-[100] w-full max-w-md items-stretch px-4 sm:px-0"
      aria-live="polite"
      aria-relevant="additions text"
      data-testid="toasts"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          data-kind={t.kind}
          className={`alert ${ALERT_CLASS[t.kind]} flex items-center gap-3 rounded-box py-3 text-sm shadow-lg`}
        >
          <ToastIcon kind={t.kind} />
          <span className="flex-1 text-left">{t.message}</span>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(t.id)}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
