import { useEffect, useRef, useState } from 'react';
import type { Goal } from '@dayframe/contracts';
import {
  CheckCircleIcon,
  ChevronDownIcon,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  localToday,
  PageHeader,
  PlusIcon,
  Spinner,
  TargetIcon,
  toast,
  useDocumentTitle,
  useLoad,
  useSearchParams,
  useSubmit,
} from '@dayframe/web-kit';
import { completeGoal, deleteGoal, listCompletedGoals, listDueGoals } from '../api/goal-calls.ts';
import { ActiveGoalCard, goalTitle, PastGoalCard } from '../components/goal-cards.tsx';
import { GoalForm } from '../components/goal-form.tsx';
import { GOALS_TEXT } from '../messages.ts';

type Pending = { action: 'complete' | 'delete'; goal: Goal; from: 'active' | 'past' };

/** Both lists; one that could not be loaded is null, and shows so beside the other. */
type GoalLists = { due: Goal[] | null; completed: Goal[] | null };

/**
 * Both lists at once, every time (spec §4). Only both failing is a failed load; one failing is
 * said here, once, as the spec's one message for either list.
 */
async function loadGoalLists(signal: AbortSignal): Promise<GoalLists> {
  const [due, completed] = await Promise.allSettled([
    listDueGoals(signal),
    listCompletedGoals(signal),
  ]);
  if (due.status === 'rejected' && completed.status === 'rejected') throw due.reason;
  const failed =
    due.status === 'rejected' ? due : completed.status === 'rejected' ? completed : null;
  if (failed && !signal.aborted) {
    console.error(failed.reason);
    toast.error(GOALS_TEXT.loadFailed);
  }
  return {
    due: due.status === 'fulfilled' ? due.value : null,
    completed: completed.status === 'fulfilled' ? completed.value : null,
  };
}

/** Spec §2 `/goals`: create, complete and delete goals; active and past lists. */
export function GoalsPage() {
  useDocumentTitle('Goals');
  const [searchParams] = useSearchParams();
  // `/goals?new=1` (the "New goal" command) opens the form, also when already on this page.
  const askedForNew = searchParams.get('new') === '1';
  const [formOpen, setFormOpen] = useState(askedForNew);
  useEffect(() => {
    if (askedForNew) setFormOpen(true);
  }, [askedForNew]);
  const [pastOpen, setPastOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const { busy, submit } = useSubmit();
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const pastToggle = useRef<HTMLButtonElement>(null);
  const newGoalButton = useRef<HTMLButtonElement>(null);
  const lists = useLoad(loadGoalLists, [], {
    onError: (error) => {
      console.error(error);
      toast.error(GOALS_TEXT.loadFailed);
    },
  });
  const loaded = lists.state.status !== 'loading';
  const due = lists.state.status === 'ready' ? lists.state.data.due : null;
  const completed = lists.state.status === 'ready' ? lists.state.data.completed : null;
  // The list to keep focus in once the lists answered after a complete or delete (`after` is
  // what was shown when it was asked, so only the new answer moves focus).
  const refocus = useRef<{ list: 'active' | 'past'; after: unknown } | null>(null);

  // After a complete or delete the card that opened the dialog is gone with the reload; keep
  // a keyboard user in the same list instead of dropping focus on the page.
  useEffect(() => {
    if (!refocus.current || pending || lists.state === refocus.current.after) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) {
      (refocus.current.list === 'past' ? pastToggle.current : activeHeading.current)?.focus();
    }
    refocus.current = null;
  }, [lists.state, pending]);

  function confirmPending() {
    if (!pending) return;
    const { action, goal, from } = pending;
    const completing = action === 'complete';
    // Done or not, the dialog closes and the lists show what the server now holds.
    const settle = () => {
      refocus.current = { list: from, after: lists.state };
      setPending(null);
      lists.retry();
    };
    void submit(() => (completing ? completeGoal(goal._id, localToday()) : deleteGoal(goal._id)), {
      success: completing ? GOALS_TEXT.completed : GOALS_TEXT.deleted,
      failure: completing ? GOALS_TEXT.completeFailed : GOALS_TEXT.deleteFailed,
      onSuccess: settle,
      onError: settle,
    });
  }

  const today = localToday();

  return (
    <div>
      <PageHeader
        title="Goals"
        subtitle="Set a target, give it a date, and tick it off."
        actions={
          <button
            ref={newGoalButton}
            type="button"
            className={`btn btn-primary ${formOpen ? 'btn-soft' : ''}`}
            aria-expanded={formOpen}
            aria-controls="new-goal-form"
            onClick={() => setFormOpen((open) => !open)}
          >
            <PlusIcon className={`size-5 transition-transform ${formOpen ? 'rotate-45' : ''}`} />
            New Goal
          </button>
        }
      />

      <div id="new-goal-form" hidden={!formOpen} className="mb-6">
        <GoalForm
          onCancel={() => {
            setFormOpen(false);
            newGoalButton.current?.focus();
          }}
          onCreated={() => {
            setFormOpen(false);
            newGoalButton.current?.focus();
            lists.retry();
          }}
        />
      </div>

      <section aria-labelledby="active-goals" className="mt-10">
        <div className="flex items-center gap-3">
          <h2
            id="active-goals"
            ref={activeHeading}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            Active Goals
          </h2>
          {due ? (
            <span className="badge badge-primary badge-soft">
              {due.length}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </div>
        <div className="mt-4">
          {!loaded ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading goals…" />
            </div>
          ) : !due ? (
            <ErrorState title={GOALS_TEXT.loadFailed} onRetry={lists.retry} />
          ) : due.length === 0 ? (
            <EmptyState icon={TargetIcon} text="No goals yet. Start by creating one!" />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
              {due.map((goal) => (
                <ActiveGoalCard
                  key={goal._id}
                  goal={goal}
                  today={today}
                  onComplete={(g) => setPending({ action: 'complete', goal: g, from: 'active' })}
                  onDelete={(g) => setPending({ action: 'delete', goal: g, from: 'active' })}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      {/* Past Goals comes with the lists: shown under the spinner, it would jump down by the
          height of the goals that replace it (a layout shift). */}
      {loaded ? (
        <section aria-labelledby="past-goals" className="mt-10">
          <h2 id="past-goals" className="text-xl font-semibold">
            <button
              ref={pastToggle}
              type="button"
              aria-expanded={pastOpen}
              aria-controls="past-goals-list"
              onClick={() => setPastOpen((open) => !open)}
              className="-mx-2 flex items-center gap-3 rounded-field px-2 py-1 hover:bg-base-300/40"
            >
              Past Goals
              {completed ? (
                <span className="badge badge-neutral badge-soft">
                  {completed.length}
                  <span className="sr-only"> completed</span>
                </span>
              ) : null}
              <ChevronDownIcon
                className={`size-5 transition-transform ${pastOpen ? 'rotate-180' : ''}`}
              />
            </button>
          </h2>
          {pastOpen ? (
            <div id="past-goals-list" className="mt-4">
              {!completed ? (
                <ErrorState title={GOALS_TEXT.loadFailed} onRetry={lists.retry} />
              ) : completed.length === 0 ? (
                <EmptyState
                  icon={CheckCircleIcon}
                  text="No goals here. How about you complete one!"
                />
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
                  {completed.map((goal) => (
                    <PastGoalCard
                      key={goal._id}
                      goal={goal}
                      onDelete={(g) => setPending({ action: 'delete', goal: g, from: 'past' })}
                    />
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </section>
      ) : null}

      <ConfirmDialog
        open={pending?.action === 'complete'}
        title="Complete goal?"
        confirmLabel="Yes"
        cancelLabel="No"
        busy={busy}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      >
        {pending ? `Mark "${goalTitle(pending.goal)}" as completed today?` : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.action === 'delete'}
        title="Delete goal?"
        danger
        busy={busy}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      >
        {pending ? `"${goalTitle(pending.goal)}" will be removed for good.` : null}
      </ConfirmDialog>
    </div>
  );
}
