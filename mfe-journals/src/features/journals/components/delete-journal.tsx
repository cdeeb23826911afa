import { useId, useState } from 'react';
import type { Journal } from '@dayframe/contracts';
import { ConfirmDialog, TrashIcon, useNavigate, useSubmit } from '@dayframe/web-kit';
import { deleteJournal } from '../api/journals-calls.ts';
import { JOURNALS_TEXT } from '../messages.ts';

/** The question names what goes with the journal, so nobody loses entries by surprise. */
export function deleteQuestion(numEntries: number): string {
  if (numEntries === 0) return 'Delete this journal?';
  return `Delete this journal and its ${numEntries === 1 ? '1 entry' : `${numEntries} entries`}?`;
}

/** The edit page's danger zone: deletes the journal with its entries, then back to My Journals. */
export function DeleteJournal({ journal }: { journal: Journal }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const { busy, submit } = useSubmit();

  function confirm() {
    void submit(() => deleteJournal(journal._id), {
      success: JOURNALS_TEXT.deleted,
      failure: JOURNALS_TEXT.deleteFailed,
      onError: () => setAsking(false),
      onSuccess: () => navigate('/journals', { replace: true }),
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-box border border-error/30 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-error">
            Delete journal
          </h2>
          <p className="mt-1 text-sm text-base-content/70">
            Removes this journal and every entry in it. This cannot be undone.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-error btn-outline shrink-0"
          onClick={() => setAsking(true)}
        >
          <TrashIcon className="size-5" /> Delete journal
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        danger
        busy={busy}
        title={deleteQuestion(journal.numEntries)}
        confirmLabel="Delete"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        This is irreversible and permanent
      </ConfirmDialog>
    </section>
  );
}
