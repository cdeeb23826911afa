import { useState } from 'react';
import type { Entry } from '@dayframe/contracts';
import { StarIcon, toast } from '@dayframe/web-kit';
import { starEntry } from '../api/entries-calls.ts';
import { ENTRIES_TEXT } from '../messages.ts';

/**
 * The entry page's star: a toggle that saves at once, apart from the form (a star is not an edit
 * waiting for Save). It shows the new state while the server answers and goes back on failure.
 */
export function StarButton({
  entry,
  onStarred,
}: {
  entry: Entry;
  onStarred: (entry: Entry) => void;
}) {
  const [shown, setShown] = useState<boolean | null>(null);
  const starred = shown ?? entry.starred;
  const busy = shown !== null;

  function onClick() {
    if (busy) return;
    const next = !starred;
    setShown(next);
    starEntry(entry.journalId, entry._id, next).then(
      (saved) => {
        setShown(null);
        onStarred(saved);
        toast.success(saved.starred ? ENTRIES_TEXT.starred : ENTRIES_TEXT.unstarred);
      },
      (error: unknown) => {
        console.error('Starring an entry failed', error);
        setShown(null);
        toast.error(ENTRIES_TEXT.starFailed);
      },
    );
  }

  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-busy={busy || undefined}
      onClick={onClick}
      className={`btn btn-sm sm:btn-md ${
        starred
          ? 'border-warning/50 bg-warning/15 text-base-content hover:bg-warning/25'
          : 'btn-outline border-base-300 bg-base-100'
      }`}
    >
      <StarIcon
        className={`size-5 ${starred ? 'text-warning' : ''}`}
        fill={starred ? 'currentColor' : 'none'}
      />
      {starred ? 'Unstar entry' : 'Star entry'}
    </button>
  );
}
