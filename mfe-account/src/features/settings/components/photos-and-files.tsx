import { byteSize, MEDIA_LIMITS, type MediaUsage } from '@dayframe/contracts';
import { Spinner, useLoad } from '@dayframe/web-kit';
import { mediaUsage } from '../api/media-calls.ts';
import { SETTINGS_TEXT } from '../messages.ts';

/** Past this share of the space the bar turns amber, and red once it is full. */
const NEARLY_FULL = 0.9;

/**
 * Settings → Photos and files: how much of their space a person's photos, voice notes and scans
 * take ("12.4 MB of 2 GB used"), as words and a meter, in the decimal units the server's
 * messages use. The server counts what was uploaded, so this is the figure its 409 refers to.
 */
export function PhotosAndFiles() {
  const { state, retry } = useLoad((signal) => mediaUsage(signal), []);
  if (state.status === 'loading')
    return (
      <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
        <Spinner size="sm" label="" /> {SETTINGS_TEXT.mediaUsageLoading}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-error">{SETTINGS_TEXT.mediaUsageFailed}</p>
        <button type="button" className="btn btn-outline btn-sm shrink-0" onClick={retry}>
          Try again
        </button>
      </div>
    );
  return <UsageMeter usage={state.data} />;
}

function UsageMeter({ usage }: { usage: MediaUsage }) {
  const share = usage.quota > 0 ? Math.min(1, usage.used / usage.quota) : 1;
  const tone = share >= 1 ? 'bg-error' : share >= NEARLY_FULL ? 'bg-warning' : 'bg-primary';
  const words = `${byteSize(usage.used)} of ${byteSize(usage.quota)} used`;
  return (
    <div className="space-y-3">
      {/* Spans, not paragraphs: the card's paragraphs grow to share the row. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-medium">{words}</span>
        <span className="text-sm text-base-content/70">
          {byteSize(usage.quota - Math.min(usage.used, usage.quota))} free
        </span>
      </div>
      <div
        role="meter"
        aria-label="Space used by photos and files"
        aria-valuemin={0}
        aria-valuemax={usage.quota}
        aria-valuenow={Math.min(usage.used, usage.quota)}
        aria-valuetext={words}
        className="h-2.5 w-full overflow-hidden rounded-full bg-base-300/70"
      >
        {/* A sliver shows as soon as anything is stored, so a few kB do not read as empty. */}
        <div
          className={`h-full rounded-full ${tone}`}
          style={{ width: `${usage.used > 0 ? Math.max(share * 100, 1) : 0}%` }}
        />
      </div>
      <p className="text-sm text-base-content/70">
        Photos, voice notes and PDFs you add to entries, each up to{' '}
        {byteSize(MEDIA_LIMITS.fileBytes)}.
      </p>
    </div>
  );
}
