import type { Goal } from '@dayframe/contracts';
import { CalendarIcon, CheckIcon, formatDate, NO_DATE, TrashIcon } from '@dayframe/web-kit';

export function goalTitle(goal: Goal): string {
  // Spec §3: older records may carry `name` instead of `title`.
  const legacy = goal as Goal & { name?: string };
  return (goal.title ?? legacy.name ?? '').trim() || 'Untitled Goal';
}

function goalDescription(goal: Goal): string {
  return (goal.description ?? '').trim() || 'No description provided.';
}

function DueHint({ dateDue, today }: { dateDue: string; today: string }) {
  if (formatDate(dateDue) === NO_DATE) return null;
  if (dateDue < today)
    return <span className="badge badge-error badge-soft badge-sm">Overdue</span>;
  if (dateDue === today)
    return <span className="badge badge-warning badge-soft badge-sm">Due today</span>;
  return null;
}

/** An active goal (spec §2): title, description, due date, mark-complete and delete. */
export function ActiveGoalCard({
  goal,
  today,
  onComplete,
  onDelete,
}: {
  goal: Goal;
  today: string;
  onComplete: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}) {
  const title = goalTitle(goal);
  const due = formatDate(goal.dateDue);
  return (
    <li className="card h-full border border-base-300/70 bg-base-100 shadow-sm transition hover:border-primary/30 hover:shadow-md">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 break-words text-lg font-semibold leading-snug">{title}</h3>
          <DueHint dateDue={goal.dateDue} today={today} />
        </div>
        <p className="line-clamp-4 whitespace-pre-line break-words text-base-content/70">
          {goalDescription(goal)}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-base-300/60 pt-3">
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-base-content/70">
            <CalendarIcon className="size-4 shrink-0" />
            <span className="truncate">{due === NO_DATE ? 'No due date' : `Due ${due}`}</span>
          </p>
          <div className="flex shrink-0 items-center gap-1">
            <button
              type="button"
              className="btn btn-success btn-soft btn-sm"
              aria-label={`Complete "${title}"`}
              onClick={() => onComplete(goal)}
            >
              <CheckIcon className="size-4" />
              Complete
            </button>
            <DeleteGoalButton goal={goal} title={title} onDelete={onDelete} />
          </div>
        </div>
      </div>
    </li>
  );
}

/** A completed goal (spec §2): struck through, the Completed badge, both dates, delete only. */
export function PastGoalCard({ goal, onDelete }: { goal: Goal; onDelete: (goal: Goal) => void }) {
  const title = goalTitle(goal);
  return (
    <li className="card h-full border border-base-300/70 bg-base-100/70">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 break-words text-lg font-semibold leading-snug text-base-content/60 line-through decoration-base-content/40">
            {title}
          </h3>
          <span className="badge badge-success badge-soft badge-sm shrink-0 gap-1">
            <CheckIcon className="size-3" />
            Completed
          </span>
        </div>
        <p className="line-clamp-3 whitespace-pre-line break-words text-base-content/70 line-through decoration-base-content/30">
          {goalDescription(goal)}
        </p>
        <div className="mt-auto flex items-end justify-between gap-3 border-t border-base-300/60 pt-3">
          <div className="space-y-0.5 text-sm text-base-content/70">
            <p className="font-medium text-base-content/80">
              Completed: {formatDate(goal.dateComplete)}
            </p>
            <p>Due: {formatDate(goal.dateDue)}</p>
          </div>
          <DeleteGoalButton goal={goal} title={title} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
}

/** The quiet trash button of both cards; the page asks before anything is deleted. */
function DeleteGoalButton({
  goal,
  title,
  onDelete,
}: {
  goal: Goal;
  title: string;
  onDelete: (goal: Goal) => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-square btn-sm text-base-content/60 hover:bg-error/10 hover:text-error"
      aria-label={`Delete "${title}"`}
      title="Delete goal"
      onClick={() => onDelete(goal)}
    >
      <TrashIcon className="size-4" />
    </button>
  );
}
