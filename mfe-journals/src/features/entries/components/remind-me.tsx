import { useId, useState, type FormEvent } from 'react';
import type { Revisit } from '@dayframe/contracts';
import {
  CalendarIcon,
  CloseIcon,
  Dialog,
  formatDate,
  isApiError,
  localToday,
  useLoad,
  useSubmit,
} from '@dayframe/web-kit';
import { cancelRevisit, pendingRevisit, remindAbout } from '../api/revisit-calls.ts';
import { REVISIT_TEXT } from '../messages.ts';
import { revisitDate, type RevisitSpan } from './revisit-dates.ts';

/** The server's words for a refusal it explains (a day too far ahead), else `fallback`. */
function refusal(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}

/**
 * The entry's pending revisit, asked for beside the entry (not before it): the entry paints
 * without waiting, and a failure only leaves the line empty.
 */
export function usePendingRevisit(entryId: string) {
  return useLoad<Revisit | null>((signal) => pendingRevisit(entryId, signal), [entryId], {
    onError: (error) => console.error('Loading the entry’s reminder failed', error),
  });
}

type PendingRevisit = ReturnType<typeof usePendingRevisit>;

/**
 * "Reminder on Dec 24, 2026 · Cancel" under the entry's date. The line keeps its height when
 * empty, so the reminder arriving after the entry moves nothing on the page.
 */
export function RevisitLine({ revisit }: { revisit: PendingRevisit }) {
  const { busy, submit } = useSubmit();
  const pending = revisit.state.status === 'ready' ? revisit.state.data : null;
  return (
    <p className="mt-1 flex min-h-7 items-center gap-1.5 text-sm text-base-content/70">
      {pending ? (
        <>
          <span>Reminder on {formatDate(pending.on)}</span>
          <span aria-hidden="true">·</span>
          <button
            type="button"
            aria-label={`Cancel the reminder on ${formatDate(pending.on)}`}
            aria-busy={busy || undefined}
            className="btn btn-link btn-xs px-0 text-sm"
            onClick={() =>
              void submit(() => cancelRevisit(pending.id), {
                success: REVISIT_TEXT.cancelled,
                failure: (error) => refusal(error, REVISIT_TEXT.cancelFailed),
                onSuccess: () => revisit.setData(null),
              })
            }
          >
            Cancel
          </button>
        </>
      ) : null}
    </p>
  );
}

const SPANS: [RevisitSpan, string][] = [
  ['week', 'In a week'],
  ['month', 'In a month'],
  ['year', 'In a year'],
];

/**
 * "Remind me" in the entry's header, beside the star: a small dialog of days counted from the
 * person's own today (a month from Jan 31 is the end of February), or a day they pick.
 */
export function RemindMeButton({ entryId, revisit }: { entryId: string; revisit: PendingRevisit }) {
  const [open, setOpen] = useState(false);
  const [today, setToday] = useState(localToday);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  const [problem, setProblem] = useState('');
  const { busy, submit } = useSubmit();
  const headingId = useId();
  const pending = revisit.state.status === 'ready' ? revisit.state.data : null;

  function openDialog() {
    // Today as it is now: the page may have stayed open past midnight.
    setToday(localToday());
    setPicking(false);
    setPicked('');
    setProblem('');
    setOpen(true);
  }

  function remind(on: string) {
    void submit(() => remindAbout(entryId, on), {
      success: (saved) => REVISIT_TEXT.saved(formatDate(saved.on)),
      failure: (error) => refusal(error, REVISIT_TEXT.saveFailed),
      onSuccess: (saved) => {
        revisit.setData(saved);
        setOpen(false);
      },
    });
  }

  function onPicked(event: FormEvent) {
    event.preventDefault();
    if (!picked || picked < today) {
      setProblem(REVISIT_TEXT.dateMissing);
      return;
    }
    remind(picked);
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className="btn btn-sm sm:btn-md btn-outline border-base-300 bg-base-100"
        onClick={openDialog}
      >
        <CalendarIcon className="size-5" />
        Remind me
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={headingId}
        locked={busy}
        boxClassName="max-w-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold">
            Remind me about this entry
          </h2>
          <button
            type="button"
            aria-label="Close"
            className="btn btn-ghost btn-sm btn-square -mt-1 -mr-2"
            onClick={() => setOpen(false)}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <p className="mt-1 text-sm text-base-content/70">
          {pending
            ? `You'll be reminded on ${formatDate(pending.on)}; a new day replaces it.`
            : 'At your daily reminder time, by e-mail or notification.'}
        </p>
        <div className="mt-4 grid gap-2">
          {SPANS.map(([span, label]) => {
            const on = revisitDate(today, span);
            return (
              <button
                key={span}
                type="button"
                disabled={busy}
                className="btn btn-outline border-base-300 justify-between"
                onClick={() => remind(on)}
              >
                <span>{label}</span>
                <span className="font-normal text-base-content/70">{formatDate(on)}</span>
              </button>
            );
          })}
          {picking ? (
            <form noValidate className="mt-1 grid gap-2" onSubmit={onPicked}>
              <label className="text-sm font-medium" htmlFor={`${headingId}-date`}>
                Day
              </label>
              <input
                id={`${headingId}-date`}
                type="date"
                autoFocus
                min={today}
                className="input w-full"
                value={picked}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${headingId}-problem` : undefined}
                onChange={(e) => {
                  setPicked(e.target.value);
                  setProblem('');
                }}
              />
              {problem ? (
                <p id={`${headingId}-problem`} role="alert" className="text-sm text-error">
                  {problem}
                </p>
              ) : null}
              <button type="submit" disabled={busy} className="btn btn-primary">
                Remind me on this day
              </button>
            </form>
          ) : (
            <button
              type="button"
              disabled={busy}
              className="btn btn-outline border-base-300 justify-start"
              onClick={() => setPicking(true)}
            >
              On a date…
            </button>
          )}
        </div>
      </Dialog>
    </>
  );
}
