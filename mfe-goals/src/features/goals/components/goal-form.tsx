import { useState, type FormEvent } from 'react';
import {
  localToday,
  quotaMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  toast,
  useSubmit,
} from '@dayframe/web-kit';
import { createGoal } from '../api/goal-calls.ts';
import { GOALS_TEXT } from '../messages.ts';

/**
 * Spec §2 and §5: the New Goal form. Every field is required and nothing is sent until they
 * are; the due date starts at the user's local today, which is also the goal's set date.
 */
export function GoalForm({
  id,
  onCancel,
  onCreated,
}: {
  id?: string;
  onCancel: () => void;
  onCreated: () => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [dateDue, setDateDue] = useState(() => localToday());
  const { busy, submit } = useSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!title.trim() || !description.trim() || !dateDue) {
      toast.error(GOALS_TEXT.missingFields);
      return;
    }
    const goal = {
      title: title.trim(),
      description: description.trim(),
      dateDue,
      dateSet: localToday(),
    };
    void submit(() => createGoal(goal), {
      success: GOALS_TEXT.created,
      failure: (error) => quotaMessage(error) ?? GOALS_TEXT.createFailed,
      onSuccess: () => {
        setTitle('');
        setDescription('');
        onCreated();
      },
    });
  }

  return (
    <form
      id={id}
      noValidate
      onSubmit={onSubmit}
      aria-label="New Goal"
      className="card border border-base-300/70 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-5 sm:p-6">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Run a half marathon"
            autoComplete="off"
            required
          />
          <TextField
            label="Due date"
            type="date"
            value={dateDue}
            onChange={(e) => setDateDue(e.target.value)}
            required
          />
        </div>
        <TextAreaField
          label="Description"
          className="min-h-24"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What does done look like?"
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <SubmitButton busy={busy}>Add Goal</SubmitButton>
        </div>
      </div>
    </form>
  );
}
