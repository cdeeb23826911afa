import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Entry } from '@dayframe/contracts';
import { ChevronDownIcon, Panel, Spinner } from '@dayframe/web-kit';
import { HISTORY_TEXT } from '../messages.ts';

// The list, the diff and the restore are a chunk of their own, fetched when History opens: most
// visits to an entry never look at its history.
const HistoryPanel = lazy(() =>
  import('./history-panel.tsx').then((m) => ({ default: m.HistoryPanel })),
);

/**
 * An entry's History (decision 0046), closed until asked for: its earlier versions, what changed
 * since each, and Restore. `onRestored` gets the entry as the restore saved it.
 */
export function EntryHistory({
  entry,
  onRestored,
}: {
  entry: Entry;
  onRestored: (entry: Entry) => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a restore the version's view, and the dialog that asked, are gone: focus goes to the
  // heading once they have left (while the modal dialog is open the page behind it is inert).
  const [restores, setRestores] = useState(0);
  useEffect(() => {
    if (restores > 0) heading.current?.focus();
  }, [restores]);
  return (
    <section className="mt-6" aria-labelledby={headingId}>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold">
              {HISTORY_TEXT.heading}
            </h2>
            <p className="text-sm text-base-content/70">{HISTORY_TEXT.hint}</p>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? HISTORY_TEXT.hide : HISTORY_TEXT.show}
            <ChevronDownIcon
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        </div>
        <div id={panelId} hidden={!open} className="mt-6">
          {open ? (
            <Suspense fallback={<Spinner label={HISTORY_TEXT.loading} />}>
              <HistoryPanel
                entry={entry}
                onRestored={(restored) => {
                  onRestored(restored);
                  setRestores((count) => count + 1);
                }}
              />
            </Suspense>
          ) : null}
        </div>
      </Panel>
    </section>
  );
}
