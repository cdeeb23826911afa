import { useRef, useState } from 'react';
import { isApiError, useSubmit } from '@dayframe/web-kit';
import type { ImportCounts } from '@dayframe/contracts';
import { downloadExport, importFile } from '../api/archive-calls.ts';

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What an import added, in words: "1 journal, 3 entries and 0 goals added; 2 entries already
 * there.", then the files it added, and the Day One photos it could not bring (a JSON file alone
 * carries none), so the person knows to import the zip instead.
 */
export function importSummary(counts: ImportCounts): string {
  const added = `${plural(counts.journals.created, 'journal')}, ${plural(counts.entries.created, 'entry', 'entries')} and ${plural(counts.goals.created, 'goal')} added`;
  const there = counts.journals.matched + counts.entries.skipped + counts.goals.skipped;
  const lines = [
    there === 0
      ? `${added}.`
      : `${added}; ${plural(counts.entries.skipped, 'entry', 'entries')} and ${plural(counts.goals.skipped, 'goal')} were already there.`,
  ];
  if (counts.media.created > 0)
    lines.push(`${plural(counts.media.created, 'photo or file', 'photos and files')} added.`);
  if (counts.photosMissing > 0)
    lines.push(
      `${plural(counts.photosMissing, 'photo was', 'photos were')} not in the file and left out: import the Day One zip to bring them.`,
    );
  return lines.join(' ');
}

/**
 * Settings → Your data: export everything as a zip (with how much has arrived so far), and
 * import a Dayframe or Day One export, showing what it added.
 */
export function YourData() {
  const { busy: exportBusy, submit: runExport } = useSubmit();
  const [received, setReceived] = useState(0);
  const exporting = exportBusy ? received : null;
  const { busy: importing, submit: runImport } = useSubmit();
  const [result, setResult] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function onExport() {
    setReceived(0);
    void runExport(() => downloadExport(setReceived), {
      success: (name) => `Downloaded ${name}`,
      failure: (error) => (isApiError(error) ? error.message : 'The export failed.'),
    });
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    setResult(null);
    // The same file may be chosen again once this one is done.
    const allowAgain = () => {
      if (input.current) input.current.value = '';
    };
    void runImport(() => importFile(file), {
      success: 'Import finished',
      failure: (error) => (isApiError(error) ? error.message : 'The import failed.'),
      onSuccess: (counts) => {
        setResult(importSummary(counts));
        allowAgain();
      },
      onError: allowAgain,
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium">Export everything</p>
          <p className="mt-1 text-sm text-base-content/70">
            A zip with all your journals, entries and goals: JSON, and one Markdown file per entry.
          </p>
          {exporting !== null && (
            <p className="mt-2 text-sm" role="status">
              Preparing your export… {exporting > 0 ? `${size(exporting)} downloaded` : ''}
            </p>
          )}
        </div>
        <button
          type="button"
          className="btn btn-primary shrink-0"
          disabled={exporting !== null}
          onClick={onExport}
        >
          {exporting !== null && <span className="loading loading-spinner loading-sm" />}
          Export everything
        </button>
      </div>
      <div className="flex flex-col gap-4 border-t border-base-300/70 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium">Import</p>
          <p className="mt-1 text-sm text-base-content/70">
            A Dayframe export, or a Day One JSON export (zip). Nothing you already have is added
            twice.
          </p>
          {result && (
            <p className="mt-2 text-sm font-medium text-success" role="status">
              {result}
            </p>
          )}
        </div>
        <label className={`btn btn-outline shrink-0 ${importing ? 'btn-disabled' : ''}`}>
          {importing && <span className="loading loading-spinner loading-sm" />}
          Choose a file to import
          <input
            ref={input}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            className="sr-only"
            disabled={importing}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </label>
      </div>
    </div>
  );
}
