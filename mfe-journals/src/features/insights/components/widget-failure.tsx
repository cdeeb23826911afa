import { INSIGHTS_TEXT } from '../messages.ts';

/** A dashboard card's load that failed: what failed, and Try again in place. */
export function WidgetFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="text-sm text-base-content/70">
      {message}{' '}
      <button type="button" className="link link-primary" onClick={onRetry}>
        {INSIGHTS_TEXT.retry}
      </button>
    </div>
  );
}
