import { useMemo, useState } from 'react';
import type { Entry, EntryVersion, EntryVersionSummary } from '@dayframe/contracts';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  formatDate,
  RefreshIcon,
  Spinner,
  toast,
  useLoad,
  useSubmit,
} from '@dayframe/web-kit';
import { getVersion, listVersions, restoreVersion } from '../api/versions-calls.ts';
import { HISTORY_TEXT } from '../messages.ts';
import { foldUnchanged, lineDiff, type DiffPart } from './line-diff.ts';

/** "Nov 05, 2026, 14:32" in the reader's own time zone. */
function savedWhen(savedAt: string): string {
  const time = new Date(savedAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDate(savedAt)}, ${time}`;
}

/** "+120 characters", "−8 characters", "Same length": what the save that wrote it changed. */
export function sizeChangeText(change: number): string {
  if (change === 0) return 'Same length';
  const count = Math.abs(change);
  return `${change > 0 ? '+' : '−'}${count} ${count === 1 ? 'character' : 'characters'}`;
}

/** The versions, newest first; the chosen one's changes beside them (below them on a phone). */
export function HistoryPanel({
  entry,
  onRestored,
}: {
  entry: Entry;
  onRestored: (entry: Entry) => void;
}) {
  // Saving the entry keeps a version: the list loads again whenever the saved text changes.
  const { state, retry } = useLoad(
    (signal) => listVersions(entry.journalId, entry._id, signal),
    [entry.journalId, entry._id, entry.title, entry.content],
    {
      keepPrevious: true,
      onError: (error) => {
        console.error('Loading an entry’s history failed', error);
        toast.error(HISTORY_TEXT.loadFailed);
      },
    },
  );
  const [chosen, setChosen] = useState<string | null>(null);

  if (state.status === 'loading') return <Spinner label={HISTORY_TEXT.loading} />;
  if (state.status === 'error')
    return <ErrorState title={HISTORY_TEXT.loadFailed} onRetry={retry} />;
  const versions = state.data;
  if (versions.length === 0)
    return (
      <EmptyState icon={RefreshIcon} title={HISTORY_TEXT.empty} text={HISTORY_TEXT.emptyHint} />
    );
  const version = versions.find((candidate) => candidate._id === chosen) ?? null;
  return (
    <div className="grid gap-6 sm:grid-cols-[14rem_minmax(0,1fr)]">
      <ul aria-label={HISTORY_TEXT.versions} className="space-y-2">
        {versions.map((summary) => (
          <li key={summary._id}>
            <VersionButton
              summary={summary}
              chosen={summary._id === chosen}
              onChoose={() => setChosen(summary._id)}
            />
          </li>
        ))}
      </ul>
      {version ? (
        <VersionView
          key={version._id}
          entry={entry}
          summary={version}
          onRestored={(restored) => {
            setChosen(null);
            onRestored(restored);
          }}
        />
      ) : (
        <p className="self-center text-base-content/70">{HISTORY_TEXT.pick}</p>
      )}
    </div>
  );
}

function VersionButton({
  summary,
  chosen,
  onChoose,
}: {
  summary: EntryVersionSummary;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={onChoose}
      className={`w-full rounded-box border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
        chosen
          ? 'border-primary bg-primary/10'
          : 'border-base-300 hover:border-primary/60 hover:bg-base-200'
      }`}
    >
      <span className="block font-medium">{savedWhen(summary.savedAt)}</span>
      <span className="block truncate text-sm text-base-content/70">
        {summary.title.trim() || 'Untitled'}
      </span>
      <span className="mt-1 block font-mono text-xs text-base-content/80">
        {sizeChangeText(summary.sizeChange)}
      </span>
    </button>
  );
}

const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const SPOKEN = { added: 'Added: ', removed: 'Removed: ', same: '' } as const;
const TINT = { added: 'bg-success/15', removed: 'bg-error/15', same: '' } as const;

function DiffLines({ parts, label }: { parts: DiffPart[]; label: string }) {
  return (
    <ol
      aria-label={label}
      className="overflow-x-auto rounded-box border border-base-300 py-2 font-mono text-sm leading-6"
    >
      {parts.map((part, index) =>
        part.kind === 'folded' ? (
          <li key={index} className="px-3 text-base-content/70 italic">
            … {part.count} unchanged {part.count === 1 ? 'line' : 'lines'}
          </li>
        ) : (
          <li key={index} className={`flex gap-3 px-3 ${TINT[part.kind]}`} data-change={part.kind}>
            <span aria-hidden="true" className="w-3 shrink-0 font-bold select-none">
              {SIGN[part.kind]}
            </span>
            <span className="min-w-0 break-words whitespace-pre-wrap">
              <span className="sr-only">{SPOKEN[part.kind]}</span>
              {part.text || '\u00a0'}
            </span>
          </li>
        ),
      )}
    </ol>
  );
}

function VersionView({
  entry,
  summary,
  onRestored,
}: {
  entry: Entry;
  summary: EntryVersionSummary;
  onRestored: (entry: Entry) => void;
}) {
  const { state, retry } = useLoad(
    (signal) => getVersion(entry.journalId, entry._id, summary._id, signal),
    [entry.journalId, entry._id, summary._id],
    {
      onError: (error) => {
        console.error('Loading a version failed', error);
        toast.error(HISTORY_TEXT.versionFailed);
      },
    },
  );
  const [asking, setAsking] = useState(false);
  const { busy, submit } = useSubmit();
  const version: EntryVersion | null = state.status === 'ready' ? state.data : null;
  const changes = useMemo(
    () => (version ? foldUnchanged(lineDiff(version.content, entry.content)) : []),
    [version, entry.content],
  );

  if (state.status === 'loading') return <Spinner label={HISTORY_TEXT.loading} />;
  if (state.status === 'error')
    return <ErrorState title={HISTORY_TEXT.versionFailed} onRetry={retry} />;
  const shown = state.data;
  const titleChanged = shown.title.trim() !== entry.title.trim();
  const contentChanged = changes.some((part) => part.kind === 'added' || part.kind === 'removed');

  function onRestore() {
    void submit(() => restoreVersion(entry.journalId, entry._id, summary._id), {
      success: HISTORY_TEXT.restored,
      failure: HISTORY_TEXT.restoreFailed,
      onError: () => setAsking(false),
      onSuccess: onRestored,
    });
  }

  return (
    <section aria-label={`Version of ${savedWhen(summary.savedAt)}`} className="min-w-0 space-y-4">
      <div>
        <h3 className="font-semibold">Version of {savedWhen(summary.savedAt)}</h3>
        <p className="text-sm text-base-content/70">{HISTORY_TEXT.legend}</p>
      </div>
      {titleChanged ? (
        <DiffLines
          label="Title changes"
          parts={[
            { kind: 'removed', text: shown.title },
            { kind: 'added', text: entry.title },
          ]}
        />
      ) : null}
      {contentChanged ? (
        <DiffLines label="Content changes" parts={changes} />
      ) : titleChanged ? null : (
        <p className="text-base-content/70">{HISTORY_TEXT.unchanged}</p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
        <RefreshIcon className="size-5" /> {HISTORY_TEXT.restore}
      </button>
      <ConfirmDialog
        open={asking}
        busy={busy}
        title={HISTORY_TEXT.restoreQuestion}
        confirmLabel="Restore"
        onConfirm={onRestore}
        onCancel={() => setAsking(false)}
      >
        {HISTORY_TEXT.restoreWarning}
      </ConfirmDialog>
    </section>
  );
}
