import type { RemoteFailure } from '../remote-failure.ts';

/** What shows in a remote's place when it cannot run: what happened, and Retry. */
export function RemoteFailureBox({
  failure,
  onRetry,
}: {
  failure: RemoteFailure;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="mx-auto my-12 max-w-lg rounded-box border border-base-300 bg-base-100 p-8 text-center shadow-sm"
    >
      <h2 className="text-xl font-semibold">{failure.title}</h2>
      <p className="mt-2 text-base-content/70">{failure.detail}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
